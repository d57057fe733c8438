# tests/osweep: osweep's tests (filled in below)
