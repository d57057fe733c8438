# The session tests/gdb/run.sh drives: every line's effect is checked in its log.
set pagination off
set confirm off
break add_up
continue
print counter
print n
stepi
info threads
print/x $mstatus
print $tselect
watch watched
continue
hbreak target.c:31
continue
delete
continue
