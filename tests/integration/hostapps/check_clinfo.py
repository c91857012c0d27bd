#!/usr/bin/env python3
# tests/integration/hostapps/check_clinfo.py: runs clinfo (human and --raw,
# with and without -a) on the platform OCL_ICD_VENDORS names and checks that it
# succeeds, shows the wavesim platform with the expected number of devices
# (--devices N), prints every OpenCL 1.2 and 3.0 field of each device, says
# OpenCL 3.1, and reports no query errors.
import re
import subprocess
import sys

# Every device/platform field of the 1.2 spec that clinfo prints for a device
# without fp64 or sub-devices (clinfo skips those blocks by design), images
# included (every preset has them).
REQUIRED = """CL_PLATFORM_NAME CL_DEVICE_ADDRESS_BITS CL_DEVICE_AVAILABLE
CL_DEVICE_BUILT_IN_KERNELS CL_DEVICE_COMPILER_AVAILABLE CL_DEVICE_ENDIAN_LITTLE
CL_DEVICE_ERROR_CORRECTION_SUPPORT CL_DEVICE_EXECUTION_CAPABILITIES CL_DEVICE_EXTENSIONS
CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE CL_DEVICE_GLOBAL_MEM_CACHE_SIZE
CL_DEVICE_GLOBAL_MEM_CACHE_TYPE CL_DEVICE_GLOBAL_MEM_SIZE CL_DEVICE_HOST_UNIFIED_MEMORY
CL_DEVICE_IMAGE_SUPPORT CL_DEVICE_LINKER_AVAILABLE CL_DEVICE_LOCAL_MEM_SIZE
CL_DEVICE_LOCAL_MEM_TYPE CL_DEVICE_MAX_CLOCK_FREQUENCY CL_DEVICE_MAX_COMPUTE_UNITS
CL_DEVICE_MAX_CONSTANT_ARGS CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE CL_DEVICE_MAX_MEM_ALLOC_SIZE
CL_DEVICE_MAX_PARAMETER_SIZE CL_DEVICE_MAX_WORK_GROUP_SIZE CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS
CL_DEVICE_MAX_WORK_ITEM_SIZES CL_DEVICE_MEM_BASE_ADDR_ALIGN CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE
CL_DEVICE_NAME CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE
CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF
CL_DEVICE_NATIVE_VECTOR_WIDTH_INT CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG
CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT CL_DEVICE_OPENCL_C_VERSION
CL_DEVICE_PARTITION_AFFINITY_DOMAIN CL_DEVICE_PARTITION_MAX_SUB_DEVICES
CL_DEVICE_PARTITION_PROPERTIES CL_DEVICE_PREFERRED_INTEROP_USER_SYNC
CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE
CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF
CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG
CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT CL_DEVICE_PRINTF_BUFFER_SIZE CL_DEVICE_PROFILE
CL_DEVICE_PROFILING_TIMER_RESOLUTION CL_DEVICE_SINGLE_FP_CONFIG
CL_DEVICE_TYPE CL_DEVICE_VENDOR CL_DEVICE_VENDOR_ID CL_DEVICE_VERSION CL_DRIVER_VERSION
CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE CL_DEVICE_IMAGE2D_MAX_WIDTH
CL_DEVICE_IMAGE2D_MAX_HEIGHT CL_DEVICE_IMAGE3D_MAX_WIDTH CL_DEVICE_IMAGE3D_MAX_HEIGHT
CL_DEVICE_IMAGE3D_MAX_DEPTH CL_DEVICE_IMAGE_MAX_BUFFER_SIZE CL_DEVICE_IMAGE_MAX_ARRAY_SIZE
CL_DEVICE_MAX_READ_IMAGE_ARGS CL_DEVICE_MAX_WRITE_IMAGE_ARGS CL_DEVICE_MAX_SAMPLERS""".split()
# ... and OpenCL 3.0's (the optional features answered as absent included),
# with cl_khr_device_uuid's and cl_khr_extended_versioning's
REQUIRED += """CL_PLATFORM_NUMERIC_VERSION CL_PLATFORM_EXTENSIONS_WITH_VERSION
CL_DEVICE_NUMERIC_VERSION CL_DEVICE_OPENCL_C_ALL_VERSIONS CL_DEVICE_OPENCL_C_FEATURES
CL_DEVICE_EXTENSIONS_WITH_VERSION CL_DEVICE_IL_VERSION CL_DEVICE_ILS_WITH_VERSION
CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES
CL_DEVICE_ATOMIC_FENCE_CAPABILITIES CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT
CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT
CL_DEVICE_PIPE_SUPPORT CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES CL_DEVICE_SVM_CAPABILITIES
CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED
CL_DEVICE_MAX_NUM_SUB_GROUPS CL_DEVICE_UUID_KHR CL_DRIVER_UUID_KHR CL_DEVICE_LUID_VALID_KHR
CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR CL_DEVICE_QUEUE_ON_HOST_PROPERTIES
CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES""".split()
# (1.2's CL_DEVICE_QUEUE_PROPERTIES is CL_DEVICE_QUEUE_ON_HOST_PROPERTIES,
# the name clinfo prints for a 2.0+ device)

# clinfo marks a failed query with "<error: ...>", "Invalid ..." or an error
# code name; "Error Correction support" is a field name, not an error.
BAD = re.compile(r"<error|invalid|CL_INVALID|CL_OUT_OF|error:|failed", re.I)
OK_FIELDS = ("Error Correction support", "CL_DEVICE_ERROR_CORRECTION_SUPPORT")


def sanitizer_reports(text):
    """Splits AddressSanitizer/UBSan reports out of clinfo's stderr. In the
    sanitizer build clinfo runs with the ASan runtime preloaded and
    halt_on_error=0; clinfo 3.0.23 overflows its own sprintf buffer in --raw
    mode (on every platform), so only reports whose stack passes through our
    library count as failures."""
    rest, ours = [], []
    for block in re.split(r"(?m)^(?==+\n==\d+==ERROR)", text):
        if "==ERROR: " in block or "runtime error:" in block:
            if "wavesim" in block:
                ours.append(block)
        else:
            rest.append(block)
    return "".join(rest), ours


def run(clinfo, args):
    p = subprocess.run([clinfo] + args, capture_output=True, text=True, timeout=60)
    err, ours = sanitizer_reports(p.stderr)
    out = p.stdout + err
    if ours:
        sys.exit(f"clinfo {' '.join(args)}: sanitizer report in wavesim:\n" + "".join(ours))
    if p.returncode != 0:
        sys.exit(f"clinfo {' '.join(args)} exited {p.returncode}:\n{out}")
    return out


def main():
    clinfo = sys.argv[1]
    # --devices N: the platform must show N devices (WAVESIM_CONFIG=a,b,...),
    # each with every field.
    ndev = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == "--devices" else 1
    problems = []
    listed = run(clinfo, ["-l"])
    got = len(re.findall(r"Device #\d+", listed))
    if got != ndev:
        problems.append(f"clinfo -l: {got} devices, want {ndev}:\n{listed}")
    for args in ([], ["-a"], ["--raw"], ["--raw", "-a"]):
        out = run(clinfo, args)
        if "wavesim" not in out:
            problems.append(f"clinfo {args}: the wavesim platform is missing")
        if "OpenCL 3.1 wavesim" not in out:
            problems.append(f"clinfo {args}: no \"OpenCL 3.1 wavesim\" version")
        for line in out.splitlines():
            if BAD.search(line) and not any(f in line for f in OK_FIELDS):
                problems.append(f"clinfo {args}: {line.strip()}")
        if "--raw" in args:
            for d in range(ndev):
                # device lines start with [WSIM/<device>]; platform lines with
                # [WSIM/*] or no tag
                tags = (f"[WSIM/{d}]", "[WSIM/*]")
                keys = {w for line in out.splitlines()
                        if line.strip().startswith(tags) for w in line.split()[1:2]}
                keys |= {w for line in out.splitlines()
                         if not line.strip().startswith("[") for w in line.split()[0:1]}
                for k in REQUIRED:
                    if k not in keys:
                        problems.append(f"clinfo {args}: device {d}: field {k} not printed")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("clinfo: PASS")


if __name__ == "__main__":
    main()
