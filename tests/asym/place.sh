# place: the placement test's workload (tests/asym/place.py). A short and a
# long CPU-bound job, the short one started first: on a machine of one fast
# and one slow hart the short one takes the fast hart and the long one the
# slow hart; when the short one ends, the fast hart is idle.
numeric -p 1 80 0 > /short.out &
numeric -p 1 128 0 > /long.out &
wait
wait
cat /short.out /long.out
poweroff 0
