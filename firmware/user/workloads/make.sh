# make: pmake -j4 builds a tree of many small compile steps.
set -e
gen /src 4 8 30
cd /src
pmake -j 4
sum prog mod0/lib.a mod1/lib.a mod2/lib.a mod3/lib.a
cd /
rm -r /src
fsck
poweroff 0
