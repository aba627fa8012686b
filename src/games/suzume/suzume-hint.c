/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "suzume-hint"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-hint.h"
#include "mahjong-tile.h"
#include "parlor-line.h"
#include "suzume-ai.h"
#include "suzume-hint.h"
#include "suzume-view.h"

static const char *
yaku_label (guint yaku)
{
  return suzume_yaku_label ((SuzumeYaku) yaku);
}

static char *
score_words (const SuzumeScore *score)
{
  return mahjong_hint_score_words (FALSE, score->total, score->times, SUZUME_N_YAKU, yaku_label);
}

static gboolean
discarded_kind (const SuzumeView *view,
                guint             kind)
{
  for (guint i = 0; i < view->n_discards[view->seat]; i++)
    if (suzume_tile_kind (view->discards[view->seat][i]) == kind)
      return TRUE;
  return FALSE;
}

/* What a win on @tile would bring five tiles @hand; NULL if no shape. */
static char *
outcome (const SuzumeView  *view,
         const MahjongTile *hand,
         MahjongTile        tile,
         gboolean           tsumo)
{
  MahjongTile tiles[SUZUME_HAND_SIZE];
  SuzumeScore score;
  g_autofree char *words = NULL;

  memcpy (tiles, hand, SUZUME_HAND_SIZE - 1);
  tiles[SUZUME_HAND_SIZE - 1] = tile;
  if (!suzume_score_hand (tiles, view->dora, &score))
    return NULL;
  if (score.total < SUZUME_MIN_POINTS)
    return g_strdup_printf (_("no win: %d points, under the %d a win needs"), score.total,
                            SUZUME_MIN_POINTS);
  words = score_words (&score);
  if (!tsumo && discarded_kind (view, suzume_tile_kind (tile)))
    return g_strdup_printf (_("by self-draw only, %s: you discarded this tile earlier in the "
                              "hand, so no ron on it"), words);
  return g_steal_pointer (&words);
}

/* The viewer's view, the four tiles its waits are of, and the copies of
 * each type the view does not show. */
typedef struct
{
  SuzumeView  view;
  MahjongTile kept[SUZUME_HAND_SIZE - 1];
  guint8      unseen[SUZUME_N_TYPES];
} Hand;

static char *
suzume_hint_wait (gpointer  hand,
                  guint     type,
                  char    **name,
                  guint    *unseen)
{
  const Hand *h = hand;
  char *result = outcome (&h->view, h->kept, suzume_type_tile (type), FALSE);

  if (result == NULL)
    return NULL;
  *name = mahjong_tile_name (suzume_type_tile (type));
  *unseen = h->unseen[type];
  return result;
}

static int
suzume_hint_shanten (gpointer hand)
{
  const Hand *h = hand;
  guint8 types[SUZUME_N_TYPES] = { 0 };
  guint8 live[SUZUME_N_TYPES];
  guint needed;

  for (guint i = 0; i < SUZUME_HAND_SIZE - 1; i++)
    types[suzume_tile_type (h->kept[i])]++;
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    live[t] = (guint8) suzume_type_copies (t);
  needed = suzume_ai_tiles_needed (types, live, h->view.dora, 0);
  return needed >= 2 && needed < 99 ? (int) needed - 1 : 0;
}

/* A discard names its tile; every other move names none. */
static gboolean
suzume_hint_read (gpointer           hand,
                  const char        *text,
                  MahjongHintAction *action)
{
  const char *type = parlor_line_get_type (action->line);

  if (!suzume_view_parse (text, &((Hand *) hand)->view, NULL))
    return FALSE;
  if (g_str_equal (type, "discard") && parlor_line_get_n_words (action->line) == 1)
    action->tile = suzume_tile_from_string (parlor_line_get_word (action->line, 0));
  if (g_str_equal (type, "discard") && action->tile == MAHJONG_NO_TILE)
    return FALSE;
  return mahjong_hint_move_of_type (type, MAHJONG_HINT_WIN_DISCARD, &action->move);
}

/* Five tiles win by self-draw; four and the last discard, on it. */
static char *
suzume_hint_win (gpointer        hand,
                 MahjongHintMove move)
{
  const SuzumeView *view = &((const Hand *) hand)->view;
  SuzumeScore score;

  if (view->seat < 0)
    return NULL;
  if (move == MAHJONG_HINT_WIN_DRAWN)
    return view->hand_len == SUZUME_HAND_SIZE && suzume_score_hand (view->hand, view->dora, &score)
           ? score_words (&score) : NULL;
  if (view->hand_len != SUZUME_HAND_SIZE - 1 || view->last == MAHJONG_NO_TILE)
    return NULL;
  return outcome (view, view->hand, view->last, FALSE);
}

/* Keeps four of the five tiles held, or the four held. */
static gboolean
suzume_hint_hold (gpointer hand,
                  guint    tile)
{
  Hand *h = hand;
  guint n = 0;
  gboolean removed = FALSE;

  if (h->view.seat < 0)
    return FALSE;
  /* A discarded tile counts as seen: the view still has it in the hand. */
  suzume_view_unseen (&h->view, h->unseen);
  if (tile == MAHJONG_NO_TILE)
    {
      if (h->view.hand_len != SUZUME_HAND_SIZE - 1)
        return FALSE;
      memcpy (h->kept, h->view.hand, sizeof h->kept);
      return TRUE;
    }
  if (h->view.hand_len != SUZUME_HAND_SIZE)
    return FALSE;
  for (guint i = 0; i < h->view.hand_len; i++)
    if (!removed && h->view.hand[i] == tile)
      removed = TRUE;
    else if (n < SUZUME_HAND_SIZE - 1)
      h->kept[n++] = h->view.hand[i];
  return removed;
}

MAHJONG_DEFINE_HINT (suzume, Hand, SUZUME_N_TYPES)
