/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mcr-hint"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-hint.h"
#include "mahjong-mcr.h"
#include "mahjong-shape.h"
#include "mcr-game.h"
#include "mcr-hint.h"
#include "mcr-view.h"
#include "parlor-line.h"

/* The fan names are the calculator's, translated with it. */
static const char *
fan_label (guint fan)
{
  return _(mcr_fan_name ((McrFan) fan));
}

static char *
fan_words (const McrResult *res)
{
  return mahjong_hint_score_words (TRUE, res->total, res->counts, MCR_N_FANS, fan_label);
}

/* Scores the hand of @counts (the winning tile in it) won on @tile. */
static gboolean
score (const McrView *v,
       const guint8   counts[MAHJONG_N_KINDS],
       guint          tile,
       gboolean       self_drawn,
       McrResult     *res)
{
  MahjongHand hand;
  McrSituation sit = { 0 };
  guint seen;

  mahjong_hand_clear (&hand);
  memcpy (hand.counts, counts, MAHJONG_N_KINDS);
  memcpy (hand.melds, v->melds, sizeof hand.melds);
  hand.n_melds = v->n_melds;
  hand.last_tile = (guint8) tile;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    hand.n_concealed += counts[t];
  sit.prevalent_wind = (guint8) v->prevalent;
  sit.seat_wind = (guint8) mcr_view_seat_wind (v);
  sit.flowers = v->flowers[v->seat];
  if (self_drawn)
    sit.flags |= MCR_WIN_SELF_DRAWN;
  if (v->wall == 0)
    sit.flags |= self_drawn ? MCR_WIN_LAST_TILE_DRAW : MCR_WIN_LAST_TILE_CLAIM;
  /* A discard claimed now still lies in its row. */
  seen = v->exposed[tile] - (!self_drawn && v->phase == 'c' && v->tile == tile ? 1u : 0u);
  if (seen == 3 && counts[tile] == 1)
    sit.flags |= MCR_WIN_LAST_TILE;
  return mcr_score (&hand, &sit, res, NULL);
}

/* What a win on @tile would bring the 13 tiles of @counts. */
static char *
outcome (const McrView *v,
         const guint8   counts[MAHJONG_N_KINDS],
         guint          tile)
{
  guint8 won[MAHJONG_N_KINDS];
  McrResult ron, tsumo;
  g_autofree char *words = NULL;

  memcpy (won, counts, MAHJONG_N_KINDS);
  won[tile]++;
  if (!score (v, won, tile, FALSE, &ron) || !score (v, won, tile, TRUE, &tsumo))
    return NULL;
  if (ron.total_without_flowers >= MCR_MIN_FAN)
    return fan_words (&ron);
  if (tsumo.total_without_flowers >= MCR_MIN_FAN)
    {
      words = fan_words (&tsumo);
      return g_strdup_printf (_("by self-draw only, %s: on a discard it scores %d fan without "
                                "flowers, under the %d a win needs"), words,
                              ron.total_without_flowers, MCR_MIN_FAN);
    }
  return g_strdup_printf (_("no win: %d fan without flowers, under the %d a win needs"),
                          tsumo.total_without_flowers, MCR_MIN_FAN);
}

/* A hand of 13 (kongs as three) in @v. */
typedef struct
{
  const McrView *v;
  const guint8  *counts;
} Hand;

static char *
wait_on (gpointer  hand,
         guint     tile,
         char    **name,
         guint    *unseen)
{
  const Hand *h = hand;
  char *result;

  if (h->counts[tile] >= 4 || (result = outcome (h->v, h->counts, tile)) == NULL)
    return NULL;
  *name = mahjong_tile_name (tile);
  *unseen = 4 - MIN (4, h->v->visible[tile]);
  return result;
}

static int
shanten_of (gpointer hand)
{
  const Hand *h = hand;
  int shanten = mahjong_shanten (h->counts, h->v->n_melds, NULL);

  return shanten != MAHJONG_SHANTEN_NONE ? MAX (shanten, 0) : 0;
}

/* Notes on @line in the view line @text: a win's fan, or the waits of the
 * hand after the discard or as held. */
static void
add_notes (GString          *notes,
           const char       *text,
           const ParlorLine *line)
{
  McrView v;
  guint8 counts[MAHJONG_N_KINDS];
  Hand hand = { &v, counts };
  guint n = 0;

  if (!mcr_view_parse (text, &v, NULL))
    return;
  memcpy (counts, v.counts, sizeof counts);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    n += counts[t];
  n += 3 * v.n_melds;

  if (g_str_equal (parlor_line_get_type (line), "hu"))
    {
      gboolean self_drawn = v.phase == 't';
      guint tile = self_drawn ? v.drawn : v.tile;
      McrResult res;

      if (!self_drawn && tile < MAHJONG_N_KINDS)
        counts[tile]++;
      if (tile < MAHJONG_N_KINDS && score (&v, counts, tile, self_drawn, &res))
        {
          g_autofree char *words = fan_words (&res);

          mahjong_hint_add_win (notes, words);
        }
    }
  else if (g_str_equal (parlor_line_get_type (line), "discard") && n == 14)
    {
      guint tile = mahjong_tile_from_string (parlor_line_get (line, "tile"));

      if (tile < MAHJONG_N_KINDS && counts[tile] > 0)
        {
          counts[tile]--;
          mahjong_hint_add_waits (notes, TRUE, MAHJONG_N_KINDS, wait_on, shanten_of, &hand);
        }
    }
  else if (n == 13)
    mahjong_hint_add_waits (notes, FALSE, MAHJONG_N_KINDS, wait_on, shanten_of, &hand);
}

static gboolean
read_move (const char       *text,
           const ParlorLine *line,
           MahjongHintMove  *move,
           guint            *tile)
{
  const char *type = parlor_line_get_type (line);
  McrView v;

  if (!mcr_view_parse (text, &v, NULL))
    return FALSE;
  *tile = parlor_line_has (line, "tile") ? mahjong_tile_from_string (parlor_line_get (line, "tile"))
                                         : MAHJONG_NO_TILE;
  if (g_str_equal (type, "hu"))
    *move = v.phase == 't' ? MAHJONG_HINT_WIN_DRAWN
            : v.phase == 'r' ? MAHJONG_HINT_ROB_KONG : MAHJONG_HINT_WIN_DISCARD;
  else if (g_str_equal (type, "kong") && v.phase != 'c')
    {
      *move = MAHJONG_HINT_CONCEALED_KONG;
      for (guint i = 0; i < v.n_melds; i++)
        if (v.melds[i].type == MAHJONG_MELD_PUNG && v.melds[i].tile == *tile)
          *move = MAHJONG_HINT_ADDED_KONG;
    }
  else
    return mahjong_hint_move_of_type (type, MAHJONG_HINT_WIN_DISCARD, move);
  return TRUE;
}

const MahjongHint mcr_hint = {
  .notes = add_notes,
  .read_move = read_move,
};
