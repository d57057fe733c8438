# shell-round N: one round of the shell workload, in /w/rN, logging to /w/log/*N.
# Run by shell.sh, four rounds at once.
set -e
mkdir /w/r$1
cd /w/r$1
for d in src doc etc var; do \
  mkdir $d; \
  for f in a b c d e f; do echo $1 $d $f alpha beta gamma delta > $d/$f.txt; echo second line of $d $f >> $d/$f.txt; done; \
done
cat src/a.txt src/b.txt doc/c.txt > all.txt
cat */*.txt | grep alpha | wc > /w/log/wc$1
grep -c beta src/a.txt doc/b.txt etc/c.txt >> /w/log/wc$1
cat */*.txt | sort > sorted.txt
sort -r sorted.txt | grep -v second > /w/log/rev$1
cp src/a.txt src/a.bak
cp doc/*.txt etc
mv src/b.txt var/moved.txt
mv var/moved.txt var/b2.txt
rm src/c.txt doc/d.txt
ls src doc etc var > /w/log/ls$1
wc */*.txt >> /w/log/ls$1
grep -n gamma */*.txt | sort | wc >> /w/log/ls$1
sum */*.txt > /w/log/sum$1
