# tests/unit/unit.mk: filled in by its owner (see the top Makefile for the variables it may use).
