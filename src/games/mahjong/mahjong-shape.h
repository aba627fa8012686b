/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "mahjong-tile.h"

G_BEGIN_DECLS

/* What a complete hand is made of, so the three mahjong games share one decomposition. */
typedef struct
{
  guint8 n_sets;      /* sets of three to find */
  guint8 n_pairs;     /* 0 or 1 */
  guint8 chow_suits;  /* bit mask of the suits (1 m, 2 p, 4 s) where runs are allowed */
} MahjongSetRules;

extern const MahjongSetRules mahjong_rules_mcr;     /* 4 sets + a pair, runs in every suit */
extern const MahjongSetRules mahjong_rules_honors;  /* honor-tile mahjong: 2 sets + a pair */
extern const MahjongSetRules mahjong_rules_suzume;  /* Suzume-jong: 2 sets, runs in bamboo */

typedef enum
{
  MAHJONG_GROUP_PAIR,
  MAHJONG_GROUP_PUNG,
  MAHJONG_GROUP_CHOW,
} MahjongGroupType;

typedef struct
{
  guint8 type;   /* MahjongGroupType */
  guint8 tile;   /* lowest tile */
} MahjongGroup;

/* Called once per distinct split; return FALSE to stop. */
typedef gboolean (*MahjongSplitFunc) (const MahjongGroup *groups,
                                      guint               n_groups,
                                      gpointer            user_data);

/* Enumerates every split of counts into rules->n_sets sets and rules->n_pairs pairs,
 * using all tiles; returns the number of splits visited. n_sets may be smaller
 * than the rules' when melds are already declared (pass it in n_sets_override, or -1). */
guint    mahjong_split_enumerate (const guint8          counts[MAHJONG_N_KINDS],
                                  const MahjongSetRules *rules,
                                  int                    n_sets_override,
                                  MahjongSplitFunc       func,
                                  gpointer               user_data);

/* Fast yes/no: do counts form exactly n_sets sets + one pair (MCR runs)? */
gboolean mahjong_is_regular_complete (const guint8 counts[MAHJONG_N_KINDS],
                                      guint        n_sets);

typedef enum
{
  MAHJONG_FORM_REGULAR,
  MAHJONG_FORM_SEVEN_PAIRS,
  MAHJONG_FORM_THIRTEEN_ORPHANS,
  MAHJONG_FORM_HONORS_KNITTED,
  MAHJONG_FORM_KNITTED_STRAIGHT,
  MAHJONG_N_FORMS,
} MahjongForm;

#define MAHJONG_SHANTEN_NONE 99   /* the form is impossible (declared melds) */

const char *mahjong_form_name (MahjongForm form);

/* The knitted pattern number p (0..5): which suit holds 147, 258, 369. */
void     mahjong_knitted_tiles   (guint  pattern,
                                  guint8 tiles[9]);

/* Shanten of the concealed counts with n_melds declared sets (13- or 14-tile hands):
 * -1 complete, 0 ready, …; MAHJONG_SHANTEN_NONE when the form cannot be made. */
int      mahjong_shanten_form    (const guint8 counts[MAHJONG_N_KINDS],
                                  guint        n_melds,
                                  MahjongForm  form);
/* The best over all forms; forms_out (may be NULL) receives each form's value. */
int      mahjong_shanten         (const guint8 counts[MAHJONG_N_KINDS],
                                  guint        n_melds,
                                  int          forms_out[MAHJONG_N_FORMS]);
/* Bit mask (1 << MahjongForm) of the forms in which the hand is complete. */
guint    mahjong_complete_forms  (const guint8 counts[MAHJONG_N_KINDS],
                                  guint        n_melds);
/* Complete in any MCR form. */
gboolean mahjong_is_complete     (const guint8 counts[MAHJONG_N_KINDS],
                                  guint        n_melds);

/* The kinds that complete a 13-tile hand (in any form), at most limit of them;
 * kinds held four times (held: counts with melds, NULL = counts) are skipped. */
guint    mahjong_winning_tiles   (const guint8  counts[MAHJONG_N_KINDS],
                                  guint         n_melds,
                                  const guint8 *held,
                                  guint         limit,
                                  guint8        out[MAHJONG_N_KINDS]);

typedef struct
{
  guint8 discard;            /* MAHJONG_NO_TILE for a 13-tile hand */
  gint8  shanten;            /* after the discard */
  guint8 n_kinds;            /* kinds of effective tiles */
  guint8 kinds[MAHJONG_N_KINDS];
  guint  n_tiles;            /* unseen copies of them */
} MahjongEffective;

/* For a 14-tile hand: each distinct discard, sorted best first (lowest shanten, then
 * most unseen effective tiles); for a 13-tile hand one entry. visible counts every
 * tile the player can see (own hand and melds, discards, others' melds); NULL
 * means only the hand itself. Returns the number of entries written to out (≤ 34). */
guint    mahjong_effective_tiles (const MahjongHand *hand,
                                  const guint8      *visible,
                                  MahjongEffective   out[MAHJONG_N_KINDS]);

G_END_DECLS
