x:
x:
