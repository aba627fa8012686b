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

/* The viewer's view and the tiles it holds by kind, a discard taken out. */
typedef struct
{
  McrView v;
  guint8  counts[MAHJONG_N_KINDS];
} Hand;

static char *
mcr_hint_wait (gpointer  hand,
               guint     tile,
               char    **name,
               guint    *unseen)
{
  const Hand *h = hand;
  char *result;

  if (h->counts[tile] >= 4 || (result = outcome (&h->v, h->counts, tile)) == NULL)
    return NULL;
  *name = mahjong_tile_name (tile);
  *unseen = 4 - MIN (4, h->v.visible[tile]);
  return result;
}

static int
mcr_hint_shanten (gpointer hand)
{
  const Hand *h = hand;
  int shanten = mahjong_shanten (h->counts, h->v.n_melds, NULL);

  return shanten != MAHJONG_SHANTEN_NONE ? MAX (shanten, 0) : 0;
}

/* "hu" is a win of the phase's kind; "kong" out of a claim window is a
 * concealed kong, or an added one on a pung of its tile. */
static gboolean
mcr_hint_read (gpointer           hand,
               const char        *text,
               MahjongHintAction *action)
{
  Hand *h = hand;
  const char *type = parlor_line_get_type (action->line);

  if (!mcr_view_parse (text, &h->v, NULL))
    return FALSE;
  memcpy (h->counts, h->v.counts, sizeof h->counts);
  if (parlor_line_has (action->line, "tile"))
    action->tile = mahjong_tile_from_string (parlor_line_get (action->line, "tile"));
  if (g_str_equal (type, "hu"))
    action->move = h->v.phase == 't' ? MAHJONG_HINT_WIN_DRAWN
                   : h->v.phase == 'r' ? MAHJONG_HINT_ROB_KONG : MAHJONG_HINT_WIN_DISCARD;
  else if (g_str_equal (type, "kong") && h->v.phase != 'c')
    {
      action->move = MAHJONG_HINT_CONCEALED_KONG;
      for (guint i = 0; i < h->v.n_melds; i++)
        if (h->v.melds[i].type == MAHJONG_MELD_PUNG && h->v.melds[i].tile == action->tile)
          action->move = MAHJONG_HINT_ADDED_KONG;
    }
  else
    return mahjong_hint_move_of_type (type, MAHJONG_HINT_WIN_DISCARD, &action->move);
  return TRUE;
}

/* On the drawn tile, or on the discard or kong the view asks about. */
static char *
mcr_hint_win (gpointer        hand,
              MahjongHintMove move)
{
  const Hand *h = hand;
  gboolean self_drawn = move == MAHJONG_HINT_WIN_DRAWN;
  guint tile = self_drawn ? h->v.drawn : h->v.tile;
  guint8 counts[MAHJONG_N_KINDS];
  McrResult res;

  if (tile >= MAHJONG_N_KINDS)
    return NULL;
  memcpy (counts, h->counts, sizeof counts);
  if (!self_drawn)
    counts[tile]++;
  return score (&h->v, counts, tile, self_drawn, &res) ? fan_words (&res) : NULL;
}

/* Thirteen tiles held (kongs as three) wait; fourteen hold one to discard. */
static gboolean
mcr_hint_hold (gpointer hand,
               guint    tile)
{
  Hand *h = hand;
  guint held = 3 * h->v.n_melds;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    held += h->counts[t];
  if (tile == MAHJONG_NO_TILE)
    return held == 13;
  if (held != 14 || tile >= MAHJONG_N_KINDS || h->counts[tile] == 0)
    return FALSE;
  h->counts[tile]--;
  return TRUE;
}

MAHJONG_DEFINE_HINT (mcr, Hand, MAHJONG_N_KINDS)
