#!/bin/sh
# ksyms.sh NM ELF - print an assembly file defining the kernel's symbol
# table (struct ksym in printf.c): the text symbols of ELF sorted by
# address.  With ELF = /dev/null it prints an empty table (first link).
nm="$1"
elf="$2"
{
	if [ "$elf" != /dev/null ]; then
		"$nm" -n --defined-only "$elf" | awk '$2 ~ /^[tT]$/ && $3 !~ /^\./ { print $1, $3 }'
	fi
} | awk '
BEGIN {
	print "\t.section .ksyms, \"a\""
	print "\t.align 2"
	n = 0
}
{ addr[n] = $1; name[n] = $2; n++ }
END {
	print "\t.globl ksyms_count"
	print "ksyms_count:\t.word " n
	print "\t.globl ksyms"
	print "ksyms:"
	for (i = 0; i < n; i++)
		printf "\t.word 0x%s, .Lksym%d\n", addr[i], i
	for (i = 0; i < n; i++)
		printf ".Lksym%d:\t.asciz \"%s\"\n", i, name[i]
}'
