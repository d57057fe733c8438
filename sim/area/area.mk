# sim/area: the area estimator (sim/area/area.c). Included by the top Makefile.
#
#   make area          the estimate of AREA_ARGS (build/area.json, build/area.md) and
#                      of both presets with every support on
#                      (build/area-default.{json,md}, build/area-modern.{json,md})
#   make test-area     the estimator's checks (in make test)
#
# AREA_SUPPORTS switches on every hardware support (the presets have none on),
# so that the presets' tables show what each costs at the preset's geometry.

AREA        := $(BUILD)/area
AREA_SRC    := $(wildcard sim/area/*.c)
AREA_CACHE  := $(BUILD)/area-cache
AREA_SUPPORTS := --set pf.nextline=tagged --set pf.guarded=miss --set sbuf.count=4 \
		 --set dma.enabled=on --set coh.selective_update=on
AREA_ARGS   ?= --preset default $(AREA_SUPPORTS)

$(AREA): $(AREA_SRC) $(wildcard sim/area/*.h) $(MODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -Isim/area -o $@ $(AREA_SRC) $(MODEL_LIB) $(HOST_LIBS)

.PHONY: area area-built test-area
area: deps-cosim
	@$(MAKE) --no-print-directory area-built
area-built: $(AREA)
	$(AREA) --cache $(AREA_CACHE) $(AREA_ARGS) --json $(BUILD)/area.json \
		--markdown $(BUILD)/area.md
	@for p in default modern; do \
		echo "== area, preset $$p, every support on"; \
		$(AREA) --cache $(AREA_CACHE) --preset $$p $(AREA_SUPPORTS) \
			--json $(BUILD)/area-$$p.json --markdown $(BUILD)/area-$$p.md || exit 1; \
		cat $(BUILD)/area-$$p.md; \
	done
	@echo "area: build/area.json, build/area-default.json, build/area-modern.json (and .md)"

test-area: $(AREA)
	@sh tests/area/test_area.sh $(AREA) $(BUILD)/tests/area

TEST_TARGETS += test-area
