/* SPDX-License-Identifier: MIT */
/*
 * Hardware prefetchers as plug-ins. A prefetcher is one file that fills in
 * a struct prefetcher (its configuration keys, its statistics groups, the
 * size of its state and its hooks) and one line in the registry
 * (mem/prefetchers.h). The L1s, the configuration, the report and the core
 * never name a particular one: they walk the registry.
 *
 * Each core makes an instance of every registered prefetcher its
 * configuration wants (struct pf_set), and attaches it to the L1 of its side.
 * The L1 then calls its hooks:
 *   access   each event of the demand stream (enum pf_event) on a line;
 *   claim    a demand miss, which a look-aside prefetcher (stream buffers)
 *            may take over (return 1) and resolve later with l1_install or
 *            l1_send_miss;
 *   fill     a line it prefetched arrived (with keeps_fills, the line stays
 *            with the prefetcher, not in the L1, unless a demand waits);
 *   flush    the L1 was flushed (fence.i on the instruction side).
 * The timing loop calls, each cycle in which due() is true, cycle(). The
 * final statistics are its groups: struct pf_stats per group in each hart's
 * L1, counted by the L1 (issued, useful, late, useless), by the L2 (bus
 * reads) and by the prefetcher itself (l1_prefetch_count), and written as
 * "GROUP.COUNTER" in --stats, with a summary line per labelled group.
 *
 * A prefetcher talks to the L1 only through its published functions
 * (l1_prefetch, l1_prefetch_slot_free, l1_install, l1_send_miss, l1_wake,
 * l1_prefetch_count) and its port below.
 */
#ifndef OSPREY_PREFETCHER_H
#define OSPREY_PREFETCHER_H

#include <stddef.h>
#include <stdint.h>

#include "mem/l1.h"
#include "mem/memmap.h"
#include "sys/config.h"
#include "sys/tap.h"

#define PF_MAX_ATTACHED 8	/* prefetcher instances per core, at most */
#define PF_MAX_TAPS 2		/* taps of one core's prefetchers, at most (timing_taps) */

/* The L1 a prefetcher serves. */
enum pf_side {
	PF_SIDE_L1I,
	PF_SIDE_L1D,
};

/* One statistics group: one prefetch source of the L1's. */
struct pf_group {
	const char *unit;	/* its name in --stats: "pf_nextline" */
	const char *label;	/* its line of the run's summary: "next-line" */
};

struct pf_set;

/* What an instance is given to work with. */
struct pf_port {
	struct l1 *l1;			/* the L1 of its side */
	int src;			/* source number of its first group; the k-th is src + k */
	const struct memmap *mm;	/* the platform (predecode guard bits) */
	const int *guard_en;		/* the core: guarded prefetching is on for the code page
					 * being fetched */
	struct pf_set *set;		/* its core's set (pf_twin_failed) */
	const struct prefetcher *pf;	/* its registration */
};

/* A registration's table and its length: PF_TABLE(keys, my_keys) sets .keys and .nkeys. */
#define PF_TABLE(field, array) .field = (array), .n##field = sizeof(array) / sizeof((array)[0])

struct prefetcher {
	const char *name;		/* what it is, in messages: "stream buffers" */
	enum pf_side side;
	const struct config_key *keys;	/* its configuration keys, printed in this order */
	unsigned nkeys;
	const struct pf_group *groups;	/* its statistics groups */
	unsigned ngroups;
	size_t size;			/* bytes of its state (the instance) */
	int keeps_fills;		/* its lines stay with it until a demand takes them */
	/* Is it on in @cfg? (an instance is made only then) */
	int (*wanted)(const struct config *cfg);
	/* Resets the zeroed state @self. 0, or -1 (out of host memory). */
	int (*init)(void *self, const struct pf_port *port, const struct config *cfg,
		    uint64_t seed);
	/* The hooks; any may be NULL. */
	void (*access)(void *self, enum pf_event ev, uint32_t line, uint64_t now);
	int (*claim)(void *self, uint32_t line, uint64_t now);
	void (*fill)(void *self, uint32_t line, uint64_t now);
	void (*flush)(void *self);
	int (*due)(const void *self);
	void (*cycle)(void *self, uint64_t now);
	/*
	 * What the fetch waits on, for the message of a stuck run (@self is
	 * NULL when the prefetcher is not configured); NULL: nothing to say.
	 */
	const char *(*stall_note)(const void *self);
	/*
	 * The taps (sys/tap.h) of its cycle-level units that have RTL twins,
	 * for co-simulation, into @taps (room for PF_MAX_TAPS); returns how many.
	 */
	int (*taps)(void *self, struct unit_tap **taps);
};

/*
 * A key row whose value lives in struct config's @field, with its kind,
 * bounds (CFG_U32) or names (CFG_ENUM), help and its value in the default
 * and the modern preset.
 */
#define PF_FIELD_KEY(name, field, kind, lo, hi, names, help, dflt, modern) \
	{ name, offsetof(struct config, field), kind, lo, hi, help, names, { dflt, modern } }

/* The registry (its list: mem/prefetchers.h), NULL-terminated. */
extern const struct prefetcher *const prefetchers[];

/* A prefetcher's statistics groups' source numbers start here (below: demand, software). */
#define PF_FIRST_PLUGIN_SOURCE (PF_SOFTWARE + 1)

/* The source number of @pf's first statistics group. */
int pf_source(const struct prefetcher *pf);

/*
 * A hart's prefetch statistics groups, in registry order, into @g (its L1s
 * @l1i and @l1d); returns how many.
 */
int pf_stat_groups(const struct l1 *l1i, const struct l1 *l1d, struct stat_group *g);

/* A core's prefetcher instances. */
struct pf_set {
	int n;
	struct pf_instance {
		const struct prefetcher *pf;
		void *self;		/* its state, pf->size bytes */
		struct pf_port port;
	} in[PF_MAX_ATTACHED];
	const char *failed;	/* the name of one whose RTL twin disagreed (co-simulation) */
	/*
	 * Some instance may have work: set by every hook call (the only way
	 * work comes from outside), cleared by pf_set_step when none has any.
	 * The timing loop steps the set only while it is set.
	 */
	int busy;
};

/*
 * Makes and attaches the instances @cfg wants for a core with caches @l1i
 * and @l1d. 0, or -1 (out of host memory).
 */
int pf_set_init(struct pf_set *s, struct l1 *l1i, struct l1 *l1d, const struct memmap *mm,
		const int *guard_en, const struct config *cfg, uint64_t seed);
void pf_set_free(struct pf_set *s);

/* Results of pf_set_step. */
#define PF_STEPPED	0x1	/* some instance had work and did it */
#define PF_DUE_NEXT	0x2	/* some instance has work next cycle */

/*
 * One cycle of every instance that has work, in registry order. Returns 0
 * when none had any (nothing happened), else PF_STEPPED, with PF_DUE_NEXT
 * when some instance has work again; without it, busy is cleared.
 */
int pf_set_step(struct pf_set *s, uint64_t now);

/* The taps of @s's instances, in registry order, into @taps; returns how many. */
int pf_set_taps(const struct pf_set *s, struct unit_tap **taps);

/* @pf's instance in @s, or NULL. */
void *pf_set_find(const struct pf_set *s, const struct prefetcher *pf);

/* What the fetch of a stuck core waits on, as the instruction prefetchers see it, or NULL. */
const char *pf_set_stall_note(const struct pf_set *s);

/* An instance's RTL twin disagreed with it: the run stops (STOP_COSIM). */
static inline void pf_twin_failed(const struct pf_port *port)
{
	port->set->failed = port->pf->name;
}

#endif
