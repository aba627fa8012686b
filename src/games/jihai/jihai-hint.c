/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "jihai-hint"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jihai-ai.h"
#include "jihai-hint.h"
#include "mahjong-hint.h"
#include "mahjong-tile.h"
#include "parlor-line.h"

guint
jihai_view_unseen (const JihaiView *view,
                   MahjongTile      tile)
{
  int seen;

  g_return_val_if_fail (view != NULL && jihai_tile_is_valid (tile), 0);

  seen = view->counts[jihai_slot (tile)];
  for (guint s = 0; s < 2; s++)
    {
      for (guint i = 0; i < view->n_melds[s]; i++)
        if (view->melds[s][i].tile == tile)
          seen += jihai_meld_is_kong (&view->melds[s][i]) ? 4 : 3;
      for (guint i = 0; i < view->n_discards[s]; i++)
        seen += view->discards[s][i] == tile;
    }
  return (guint) CLAMP (4 - seen, 0, 4);
}

/* "3 points (Two winds, One closed triplet)". */
static const char *
line_label (guint line)
{
  return _(jihai_line_label ((JihaiLine) line));
}

static char *
score_words (const JihaiScore *score)
{
  guint8 once[JIHAI_N_LINES];

  /* A line's points are its own: each line is named once. */
  for (guint l = 0; l < JIHAI_N_LINES; l++)
    once[l] = score->points[l] > 0;
  return mahjong_hint_score_words (FALSE, score->total, once, JIHAI_N_LINES, line_label);
}

/* What a win on @tile would bring the hand of @counts. */
static char *
outcome (const JihaiView *view,
         const guint8     counts[JIHAI_N_KINDS],
         MahjongTile      tile,
         gboolean         tsumo)
{
  JihaiHand hand = { 0 };
  JihaiScore score;
  guint seat = view->seat;

  hand.n_melds = view->n_melds[seat];
  memcpy (hand.melds, view->melds[seat], sizeof hand.melds);
  memcpy (hand.counts, counts, sizeof hand.counts);
  if (!tsumo)
    hand.counts[jihai_slot (tile)]++;
  hand.win = tile;
  if (jihai_hand_shape (&hand) == JIHAI_SHAPE_NONE)
    return NULL;

  jihai_score (&hand, tsumo ? JIHAI_WIN_TSUMO : JIHAI_WIN_RON, 0, view->discarded[seat], &score);
  if (score.status == JIHAI_STATUS_ILLEGAL_RON)
    {
      g_autofree char *words = NULL;

      jihai_score (&hand, JIHAI_WIN_TSUMO, 0, view->discarded[seat], &score);
      if (score.status != JIHAI_STATUS_WIN)
        return g_strdup (_("no win: you discarded this tile earlier in the hand, so no ron, "
                           "and it scores no point by self-draw"));
      words = score_words (&score);
      return g_strdup_printf (_("by self-draw only, %s: you discarded this tile earlier in the "
                                "hand, so no ron on it"), words);
    }
  if (score.status == JIHAI_STATUS_ZERO_POINTS)
    return g_strdup (_("no win: the hand would score no point"));
  return score_words (&score);
}

/* The viewer's view and the tiles it holds by slot, a discard taken out. */
typedef struct
{
  JihaiView view;
  guint8    counts[JIHAI_N_KINDS];
} Hand;

/* @slot: the kit asks for each of the JIHAI_N_KINDS slots in turn. */
static char *
jihai_hint_wait (gpointer  hand,
                 guint     slot,
                 char    **name,
                 guint    *unseen)
{
  const Hand *h = hand;
  MahjongTile tile = jihai_slot_tile (slot);
  char *result;

  if (h->counts[slot] >= 4 || (result = outcome (&h->view, h->counts, tile, FALSE)) == NULL)
    return NULL;
  *name = mahjong_tile_name (tile);
  *unseen = jihai_view_unseen (&h->view, tile);
  return result;
}

static int
jihai_hint_shanten (gpointer hand)
{
  const Hand *h = hand;
  const JihaiView *view = &h->view;
  guint8 live[JIHAI_N_KINDS];
  int distance;

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    live[k] = 4;
  distance = jihai_ai_distance (h->counts, view->melds[view->seat], view->n_melds[view->seat],
                                view->discarded[view->seat], live);
  return distance != G_MAXINT && distance > 1 ? distance - 1 : 0;
}

/* A discard names its tile by its letter; "ron" robs a kong when the
 * view asks about one. */
static gboolean
jihai_hint_read (gpointer           hand,
                 const char        *text,
                 MahjongHintAction *action)
{
  Hand *h = hand;
  const ParlorLine *line = action->line;
  const char *word = parlor_line_get_n_words (line) == 1 ? parlor_line_get_word (line, 0) : "";

  if (!jihai_view_parse (text, &h->view, NULL))
    return FALSE;
  memcpy (h->counts, h->view.counts, sizeof h->counts);
  if (strlen (word) == 1)
    action->tile = jihai_tile_from_letter (word[0]);
  return mahjong_hint_move_of_type (parlor_line_get_type (line),
                                    h->view.ask == JIHAI_ASK_ROB ? MAHJONG_HINT_ROB_KONG
                                                                 : MAHJONG_HINT_WIN_DISCARD,
                                    &action->move);
}

static char *
jihai_hint_win (gpointer        hand,
                MahjongHintMove move)
{
  const JihaiView *view = &((const Hand *) hand)->view;
  gboolean tsumo = move == MAHJONG_HINT_WIN_DRAWN;
  MahjongTile tile = tsumo ? view->drawn : view->claim;

  if (view->seat < 0 || !jihai_tile_is_valid (tile))
    return NULL;
  return outcome (view, view->counts, tile, tsumo);
}

/* Seven tiles held (kongs as three) wait; eight hold one to discard. */
static gboolean
jihai_hint_hold (gpointer hand,
                 guint    tile)
{
  Hand *h = hand;
  guint held;

  if (h->view.seat < 0)
    return FALSE;
  held = 3 * h->view.n_melds[h->view.seat];
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    held += h->counts[k];
  if (tile == MAHJONG_NO_TILE)
    return held == 7;
  if (held != 8 || h->counts[jihai_slot (tile)] == 0)
    return FALSE;
  h->counts[jihai_slot (tile)]--;
  return TRUE;
}

MAHJONG_DEFINE_HINT (jihai, Hand, JIHAI_N_KINDS)
