# tests/bench: `make bench`'s own tools, on inputs written for them.
# Included by the top Makefile.
#
#   make test-bench-compare   sim/bench-compare.sh on tests/bench/old.json and
#                             new.json: known ratios, and bad input refused

.PHONY: test-bench-compare
test-bench-compare:
	@sh tests/bench/compare.sh sim/bench-compare.sh
TEST_TARGETS += test-bench-compare
