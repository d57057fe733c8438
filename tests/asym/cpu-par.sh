# cpu-par: a CPU-bound parallel job for make measure-asym: six independent
# matrix products of unequal sizes started at once on 4 harts (more jobs
# than harts), then the results in a fixed order.
numeric -p 1 96 0 > /o1 &
numeric -p 1 64 0 > /o2 &
numeric -p 1 112 0 > /o3 &
numeric -p 1 80 0 > /o4 &
numeric -p 1 72 0 > /o5 &
numeric -p 1 104 0 > /o6 &
wait
wait
wait
wait
wait
wait
cat /o1 /o2 /o3 /o4 /o5 /o6
poweroff 0
