#!/bin/sh
# Corpus test driver: runs one corpus kernel with clrun on PoCL (the oracle)
# and on wavesim in timing (wave32) and functional (wave64) modes, and
# compares the dumps.
# A "// REF: oclgrind" line makes Oclgrind the oracle instead, for kernels
# PoCL is known to miscompile (the line must say why). A "// REF: majority"
# line runs PoCL three times and takes the dump two runs agree on, for
# kernels where PoCL is known to give run-to-run different results (the line
# must say why); no two agreeing is a failure. Those runs use one PoCL worker
# thread (POCL_MAX_PTHREAD_COUNT=1): the wrong results seen so far were
# another work-group's __local data, from groups running concurrently (all
# three runs of kernel_call_nested disagreed once in a loaded CI run).
# usage: corpus_test.sh CLRUN FILE.cl WORKDIR WAVESIM_VENDORS POCL_ICD OCLGRIND_ICD
set -u
clrun=$1 file=$2 work=$3 vendors=$4 pocl=$5 oclgrind=$6
ref=$pocl refname=PoCL
if grep -q '^// REF: oclgrind' "$file"; then ref=$oclgrind refname=Oclgrind; fi
rm -rf "$work" && mkdir -p "$work" || exit 1
# A "// CONFIG: name" line pins the preset (e.g. one without fp64) for every
# wavesim run of the file.
pin=$(sed -n 's|^// CONFIG: *\([A-Za-z0-9_]*\).*|\1|p' "$file" | head -n 1)
if grep -q '^// BUILD-ERROR:' "$file"; then
  # a feature wavesim rejects on purpose: the build must fail with the message
  OCL_ICD_VENDORS=$vendors WAVESIM_CONFIG=${pin:-default} WAVESIM_DB=none "$clrun" --expect-build-fail "$file"
  exit $?
fi
# A "// REF: emulated NAME.ref.cl" line names an OpenCL 1.2 reference source
# beside FILE, with the same kernels and arguments, that computes the same
# results without the feature PoCL lacks (sub-groups: through __local memory,
# with SG_SIZE work-items a sub-group). clrun --ref runs FILE's RUN lines on
# it on PoCL, built with -D SG_SIZE=W once per wave size W of the presets
# compared; wavesim runs in both modes on every preset (wave32 and wave64).
emu=$(sed -n 's|^// REF: emulated *\([A-Za-z0-9_./-]*\).*|\1|p' "$file" | head -n 1)
if [ -n "$emu" ]; then
  refsrc=$(dirname "$file")/$emu
  configs=$(dirname "$0")/../../configs
  for run in timing:default functional:default timing:gcn functional:gcn functional:h100 timing:h100 \
             timing:teaching; do
    mode=${run%%:*} cfg=${pin:-${run#*:}}
    # "// NEEDS: fp64": presets without doubles cannot build the file (said, not hidden)
    if grep -q '^// NEEDS: fp64' "$file" && ! grep -q '^fp64: *true' "$configs/$cfg.yaml"; then
      echo "note: $file not run on preset $cfg (no fp64)"; continue
    fi
    w=$(sed -n 's|^wave_size: *\([0-9]*\).*|\1|p' "$configs/$cfg.yaml")
    [ -n "$w" ] || { echo "FAIL: no wave_size in $configs/$cfg.yaml"; exit 1; }
    if [ ! -f "$work/ref$w.bin" ]; then
      OCL_ICD_VENDORS=$pocl "$clrun" --ref "$refsrc" "-D SG_SIZE=$w" "$file" "$work/ref$w.bin" ||
        { echo "FAIL: PoCL run of $refsrc (SG_SIZE=$w)"; exit 1; }
    fi
    OCL_ICD_VENDORS=$vendors WAVESIM_MODE=$mode WAVESIM_CONFIG=$cfg WAVESIM_DB=none \
      WAVESIM_CHECK=all "$clrun" "$file" "$work/$mode-$cfg.bin" 2> "$work/$mode-$cfg.err"
    rc=$?
    cat "$work/$mode-$cfg.err" >&2
    [ $rc = 0 ] || { echo "FAIL: wavesim ($mode, $cfg) run of $file"; exit 1; }
    if grep -q "^wavesim: kernel '.*\(data race\|that no work-item wrote\|that it never wrote\|check report\)" \
      "$work/$mode-$cfg.err"; then
      echo "FAIL: wavesim ($mode, $cfg) check reports on $file (WAVESIM_CHECK=all)"; exit 1
    fi
    "$clrun" --compare "$file" "$work/ref$w.bin" "$work/$mode-$cfg.bin" ||
      { echo "FAIL: wavesim ($mode, $cfg) differs from $emu (SG_SIZE=$w) on $file"; exit 1; }
  done
  echo "PASS: $file"
  exit 0
fi
if grep -q '^// REF: majority' "$file"; then
  for r in 1 2 3; do
    POCL_MAX_PTHREAD_COUNT=1 OCL_ICD_VENDORS=$ref "$clrun" "$file" "$work/ref$r.bin" >/dev/null ||
      { echo "FAIL: $refname run $r of $file"; exit 1; }
  done
  if cmp -s "$work/ref1.bin" "$work/ref2.bin" || cmp -s "$work/ref1.bin" "$work/ref3.bin"; then
    cp "$work/ref1.bin" "$work/ref.bin"
  elif cmp -s "$work/ref2.bin" "$work/ref3.bin"; then
    cp "$work/ref2.bin" "$work/ref.bin"
  else
    echo "FAIL: three $refname runs of $file disagree"; exit 1
  fi
else
  OCL_ICD_VENDORS=$ref "$clrun" "$file" "$work/ref.bin" || { echo "FAIL: $refname run of $file"; exit 1; }
fi
# timing mode on the default preset (wave32), functional mode on the GCN-like
# preset (wave64): results must not depend on the mode or the wave size.
# Every run has the correctness checks on (WAVESIM_CHECK=all, cheap at these
# sizes): a corpus kernel is correct code, so any report fails the test (a
# false positive of the checks, or a real bug in the kernel to fix).
compare_wavesim() {
  for run in timing:default functional:gcn; do
    mode=${run%%:*} cfg=${pin:-${run#*:}}
    OCL_ICD_VENDORS=$vendors WAVESIM_MODE=$mode WAVESIM_CONFIG=$cfg WAVESIM_DB=none \
      WAVESIM_CHECK=all "$clrun" "$file" "$work/$mode.bin" 2> "$work/$mode.err"
    rc=$?
    cat "$work/$mode.err" >&2
    [ $rc = 0 ] || { echo "FAIL: wavesim ($mode, $cfg) run of $file"; return 1; }
    if grep -q "^wavesim: kernel '.*\(data race\|that no work-item wrote\|that it never wrote\|check report\)" \
      "$work/$mode.err"; then
      echo "FAIL: wavesim ($mode, $cfg) check reports on $file (WAVESIM_CHECK=all)"; return 1
    fi
    "$clrun" --compare "$file" "$work/ref.bin" "$work/$mode.bin" ||
      { echo "FAIL: wavesim ($mode, $cfg) differs from $refname on $file"; return 1; }
  done
  return 0
}
# A "// XFAIL: reason" line marks a known wavesim bug: the kernel still runs and
# must still fail; an unexpected pass fails the test so the mark gets removed.
xfail=$(sed -n 's|^// XFAIL: *||p' "$file" | head -n 1)
if [ -n "$xfail" ]; then
  if compare_wavesim; then echo "XPASS (remove the XFAIL line): $file"; exit 1; fi
  echo "XFAIL ($xfail): $file"
  exit 0
fi
compare_wavesim || exit 1
echo "PASS: $file"
