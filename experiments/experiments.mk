# experiments: the studies osweep runs
