/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Suzume-jong tiles and hand scoring (docs/rules/suzume-jong.md).
 *
 * A tile is its kind (0-8 bamboo 1-9, 9 發 "F", 10 中 "C") with the
 * SUZUME_TILE_RED flag on the red copies; every 中 carries the flag.
 * Written "1s".."9s", "1r".."9r", "F", "C".
 */

#define SUZUME_N_KINDS   11
#define SUZUME_KIND_F    9
#define SUZUME_KIND_C    10
#define SUZUME_TILE_RED  0x10
#define SUZUME_NO_TILE   0xff
#define SUZUME_N_TILES   44
#define SUZUME_HAND_SIZE 6
/* Physical types: 0-8 plain numbers, 9-17 red numbers, 18 F, 19 C. */
#define SUZUME_N_TYPES   20

typedef guint8 SuzumeTile;

static inline guint
suzume_tile_kind (SuzumeTile t)
{
  return t & 0x0f;
}

static inline gboolean
suzume_tile_is_red (SuzumeTile t)
{
  return (t & SUZUME_TILE_RED) != 0;
}

gboolean    suzume_tile_is_valid     (SuzumeTile t);
gboolean    suzume_tile_is_green     (SuzumeTile t);
/* 1, 9, 發 or 中 */
gboolean    suzume_kind_is_terminal  (guint kind);
guint       suzume_tile_type         (SuzumeTile t);
SuzumeTile  suzume_type_tile         (guint type);
/* How many copies of a physical type the 44 tiles hold: 3, 1 or 4. */
guint       suzume_type_copies       (guint type);
/* buf needs 3 bytes */
const char *suzume_tile_to_string    (SuzumeTile t,
                                      char       buf[3]);
SuzumeTile  suzume_tile_from_string  (const char *text);
/* "1s,2r,F"; "-" for none. */
char       *suzume_tiles_to_string   (const SuzumeTile *tiles,
                                      guint             n,
                                      char              sep);
gboolean    suzume_tiles_parse       (const char *text,
                                      char        sep,
                                      SuzumeTile *tiles,
                                      guint       max,
                                      guint      *n);

typedef enum
{
  SUZUME_YAKU_RUN,
  SUZUME_YAKU_TRIPLET,
  SUZUME_YAKU_DORA,
  SUZUME_YAKU_RED,
  SUZUME_YAKU_ALL_SIMPLES,
  SUZUME_YAKU_CHANTA,
  SUZUME_YAKU_ALL_GREEN,
  SUZUME_YAKU_ALL_TERMINALS,
  SUZUME_YAKU_ALL_RED,
  SUZUME_N_YAKU,
} SuzumeYaku;

#define SUZUME_MIN_POINTS   5
#define SUZUME_DEALER_BONUS 2

typedef struct
{
  gboolean shape;                  /* two sets of three */
  int      total;                  /* base + yaku, no dealer bonus; 0 without a shape */
  guint8   times[SUZUME_N_YAKU];   /* how many times each applies */
} SuzumeScore;

/* English name for the CLI ("Run", "All Simples"…) and a short id for lines ("run"). */
const char *suzume_yaku_name      (SuzumeYaku yaku);
const char *suzume_yaku_id        (SuzumeYaku yaku);
int         suzume_yaku_points    (SuzumeYaku yaku);

/* Scores six tiles with @indicator (any tile of the kind) as the dora indicator.
 * Where the tiles split several ways the best total is kept. Returns score->shape. */
gboolean    suzume_score_hand     (const SuzumeTile *tiles,
                                   SuzumeTile        indicator,
                                   SuzumeScore      *score);
/* Same from physical type counts (summing to 6). */
gboolean    suzume_score_types    (const guint8      types[SUZUME_N_TYPES],
                                   SuzumeTile        indicator,
                                   SuzumeScore      *score);
/* "run:2,dora:1" for event lines, "Run x2;Dora x1" for the CLI. */
char       *suzume_score_to_ids   (const SuzumeScore *score);
char       *suzume_score_to_names (const SuzumeScore *score);

G_END_DECLS
