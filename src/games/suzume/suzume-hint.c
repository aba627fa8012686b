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

/* Four tiles @hand in @view, and the copies of each type @view does not show. */
typedef struct
{
  const SuzumeView  *view;
  const MahjongTile *hand;
  guint8             unseen[SUZUME_N_TYPES];
} Hand;

static char *
wait_on (gpointer  hand,
         guint     type,
         char    **name,
         guint    *unseen)
{
  const Hand *h = hand;
  MahjongTile tile = suzume_type_tile (type);
  char *result = outcome (h->view, h->hand, tile, FALSE);

  if (result == NULL)
    return NULL;
  *name = mahjong_tile_name (tile);
  *unseen = h->unseen[type];
  return result;
}

static int
needed_of (gpointer hand)
{
  const Hand *h = hand;
  guint8 types[SUZUME_N_TYPES] = { 0 };
  guint8 live[SUZUME_N_TYPES];
  guint needed;

  for (guint i = 0; i < SUZUME_HAND_SIZE - 1; i++)
    types[suzume_tile_type (h->hand[i])]++;
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    live[t] = (guint8) suzume_type_copies (t);
  needed = suzume_ai_tiles_needed (types, live, h->view->dora, 0);
  return needed >= 2 && needed < 99 ? (int) needed - 1 : 0;
}

/* Notes on @line in the view line @text: a win's points, or the waits of the
 * hand after the discard or as held. */
static void
add_notes (GString          *notes,
           const char       *text,
           const ParlorLine *line)
{
  const char *type = parlor_line_get_type (line);
  SuzumeView view;
  Hand hand = { &view, NULL, { 0 } };
  MahjongTile kept[SUZUME_HAND_SIZE];

  if (!suzume_view_parse (text, &view, NULL) || view.seat < 0)
    return;
  /* A discarded tile counts as seen: the view still has it in the hand. */
  suzume_view_unseen (&view, hand.unseen);

  if (g_str_equal (type, "tsumo") && view.hand_len == SUZUME_HAND_SIZE)
    {
      SuzumeScore score;

      if (suzume_score_hand (view.hand, view.dora, &score))
        {
          g_autofree char *words = score_words (&score);

          mahjong_hint_add_win (notes, words);
        }
    }
  else if (g_str_equal (type, "ron") && view.hand_len == SUZUME_HAND_SIZE - 1 &&
           view.last != MAHJONG_NO_TILE)
    {
      g_autofree char *result = outcome (&view, view.hand, view.last, FALSE);

      if (result != NULL)
        mahjong_hint_add_win (notes, result);
    }
  else if (g_str_equal (type, "discard") && parlor_line_get_n_words (line) == 1 &&
           view.hand_len == SUZUME_HAND_SIZE)
    {
      MahjongTile tile = suzume_tile_from_string (parlor_line_get_word (line, 0));
      guint n = 0;
      gboolean removed = FALSE;

      for (guint i = 0; i < view.hand_len; i++)
        if (!removed && view.hand[i] == tile)
          removed = TRUE;
        else if (n < SUZUME_HAND_SIZE - 1)
          kept[n++] = view.hand[i];
      hand.hand = kept;
      if (removed)
        mahjong_hint_add_waits (notes, TRUE, SUZUME_N_TYPES, wait_on, needed_of, &hand);
    }
  else if (view.hand_len == SUZUME_HAND_SIZE - 1)
    {
      hand.hand = view.hand;
      mahjong_hint_add_waits (notes, FALSE, SUZUME_N_TYPES, wait_on, needed_of, &hand);
    }
}

/* The move alone tells it. */
static gboolean
read_move (const char       *text,
           const ParlorLine *line,
           MahjongHintMove  *move,
           guint            *tile)
{
  const char *type = parlor_line_get_type (line);

  if (g_str_equal (type, "discard"))
    {
      *tile = parlor_line_get_n_words (line) == 1 ? suzume_tile_from_string (parlor_line_get_word (line, 0))
                                                 : MAHJONG_NO_TILE;
      if (*tile == MAHJONG_NO_TILE)
        return FALSE;
    }
  return mahjong_hint_move_of_type (type, MAHJONG_HINT_WIN_DISCARD, move);
}

const MahjongHint suzume_hint = {
  .notes = add_notes,
  .read_move = read_move,
};
