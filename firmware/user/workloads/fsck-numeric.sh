# fsck-numeric: fsck walks a populated file system while numeric runs on every hart.
set -e
gen /src 4 10 30
mkdir -p /scratch /data/a /data/b
cp /src/mod0/*.c /data/a
cp /src/mod1/*.c /data/b
numeric 128 60 > /scratch/numeric.out &
fsck -x /scratch
fsck -x /scratch /src
wait
cat /scratch/numeric.out
fsck
poweroff 0
