# numeric-make: the parallel numeric code alongside a make stream.
set -e
mkdir /scratch
gen /src 4 8 30
numeric 128 60 > /scratch/numeric.out &
cd /src
pmake -j 4
cd /
wait
cat /scratch/numeric.out
sum /src/prog
rm -r /src
fsck
poweroff 0
