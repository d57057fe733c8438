# shell: scripts of short common commands over a directory tree, four rounds
# at once (shell-round.sh), then a sequential tail. Prints a checksum of
# everything produced, checks the file system, powers off.
set -e
mkdir -p /w/log
for round in 1 2 3 4; do sh /shell-round.sh $round & done
wait
cd /w
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo entry $i >> /w/list; echo $i >> /w/nums; done
sort -n /w/nums | wc >> /w/log/seq
grep -n entry /w/list | grep 1 >> /w/log/seq
cat /w/list /w/list /w/list | sort -u | wc >> /w/log/seq
for d in r1 r2 r3 r4; do ls -l $d | wc >> /w/log/tree; sum $d/all.txt >> /w/log/tree; done
rm -r r1
mv r2 r2old
mkdir r2
cp r2old/src/a.txt r2old/src/d.txt r2
rm -r r2old
ls /w /w/r2 /w/r3 >> /w/log/tree
echo shell: logs
wc /w/log/*
echo shell: checksum
sum /w/log/*
rm -r /w
fsck
poweroff 0
