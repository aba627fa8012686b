/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-suzume"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "suzume-score.h"
#include "suzume-view.h"

static gboolean
get_uint (const ParlorLine *line,
          const char       *key,
          gint64            min,
          gint64            max,
          guint            *out,
          GError          **error)
{
  gint64 v;

  if (!parlor_line_get_int (line, key, min, max, &v, error))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

static gboolean
bad (GError    **error,
     const char *key)
{
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("The view has a bad “%s”"), key);
  return FALSE;
}

gboolean
suzume_view_parse (const char  *text,
                   SuzumeView  *view,
                   GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, error);
  const char *ask;
  gint64 seat;
  guint n;

  g_return_val_if_fail (view != NULL, FALSE);

  if (line == NULL)
    return FALSE;
  memset (view, 0, sizeof *view);
  view->drawn = view->dora = view->last = MAHJONG_NO_TILE;
  view->last_from = -1;
  if (!g_str_equal (parlor_line_get_type (line), "view"))
    return bad (error, "view");
  if (!get_uint (line, "seats", SUZUME_MIN_SEATS, SUZUME_MAX_SEATS, &view->n_seats, error) ||
      !parlor_line_get_int (line, "seat", -1, view->n_seats - 1, &seat, error) ||
      !get_uint (line, "deals", 1, 4, &view->deals, error) ||
      !get_uint (line, "hand-number", 0, 100, &view->hand_number, error) ||
      !get_uint (line, "hands", 1, 100, &view->n_hands, error) ||
      !get_uint (line, "dealer", 0, view->n_seats - 1, &view->dealer, error) ||
      !get_uint (line, "turn", 0, view->n_seats - 1, &view->turn, error) ||
      !get_uint (line, "wall", 0, SUZUME_N_TILES, &view->wall, error))
    return FALSE;
  view->seat = (int) seat;
  view->can_tsumo = g_strcmp0 (parlor_line_get (line, "tsumo"), "yes") == 0;
  ask = parlor_line_get (line, "ask");
  if (g_strcmp0 (ask, "discard") == 0)
    view->ask = SUZUME_ASK_DISCARD;
  else if (g_strcmp0 (ask, "ron") == 0)
    view->ask = SUZUME_ASK_RON;
  else if (g_strcmp0 (ask, "none") == 0)
    view->ask = SUZUME_ASK_NONE;
  else
    return bad (error, "ask");
  view->over = parlor_line_has (line, "over");

  if (parlor_line_has (line, "hand") &&
      !suzume_tiles_parse (parlor_line_get (line, "hand"), ',', view->hand, SUZUME_HAND_SIZE,
                           &view->hand_len))
    return bad (error, "hand");
  if (parlor_line_has (line, "drawn") &&
      (view->drawn = suzume_tile_from_string (parlor_line_get (line, "drawn"))) == MAHJONG_NO_TILE)
    return bad (error, "drawn");
  if (parlor_line_has (line, "dora") &&
      (view->dora = suzume_tile_from_string (parlor_line_get (line, "dora"))) == MAHJONG_NO_TILE)
    return bad (error, "dora");
  if (parlor_line_has (line, "last"))
    {
      gint64 from;

      if ((view->last = suzume_tile_from_string (parlor_line_get (line, "last"))) == MAHJONG_NO_TILE ||
          !parlor_line_get_int (line, "from", 0, view->n_seats - 1, &from, NULL))
        return bad (error, "last");
      view->last_from = (int) from;
    }
  /* Asked to ron, the seat holds five tiles and another's discard is on offer;
   * asked to discard, it holds six. */
  if ((view->ask == SUZUME_ASK_RON &&
       (view->last == MAHJONG_NO_TILE || view->last_from == view->seat ||
        view->hand_len != SUZUME_HAND_SIZE - 1)) ||
      (view->ask == SUZUME_ASK_DISCARD && view->hand_len != SUZUME_HAND_SIZE))
    return bad (error, "ask");
  {
    g_auto(GStrv) parts = g_strsplit (parlor_line_get (line, "scores") != NULL
                                      ? parlor_line_get (line, "scores") : "", ",", -1);

    if (g_strv_length (parts) != view->n_seats)
      return bad (error, "scores");
    for (guint s = 0; s < view->n_seats; s++)
      {
        gint64 v;

        if (!g_ascii_string_to_signed (parts[s], 10, 0, 1000, &v, NULL))
          return bad (error, "scores");
        view->scores[s] = (int) v;
      }
  }
  for (guint s = 0; s < view->n_seats; s++)
    {
      char key[4] = { 'd', (char) ('0' + s), '\0', '\0' };

      if (!suzume_tiles_parse (parlor_line_get (line, key), ',', view->discards[s],
                               SUZUME_MAX_DISCARDS, &n))
        return bad (error, key);
      view->n_discards[s] = n;
    }
  return TRUE;
}

void
suzume_view_unseen (const SuzumeView *view,
                    guint8            unseen[SUZUME_N_TYPES])
{
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    unseen[t] = (guint8) suzume_type_copies (t);
#define SEEN(tile) G_STMT_START { guint _t = suzume_tile_type (tile); if (unseen[_t] > 0) unseen[_t]--; } G_STMT_END
  for (guint i = 0; i < view->hand_len; i++)
    SEEN (view->hand[i]);
  if (view->dora != MAHJONG_NO_TILE)
    SEEN (view->dora);
  for (guint s = 0; s < view->n_seats; s++)
    for (guint i = 0; i < view->n_discards[s]; i++)
      SEEN (view->discards[s][i]);
#undef SEEN
}

gboolean
suzume_view_asked (const SuzumeView *view)
{
  return view->seat >= 0 && view->ask != SUZUME_ASK_NONE;
}

gboolean
suzume_view_ron_barred (const SuzumeView *view)
{
  MahjongTile tiles[SUZUME_HAND_SIZE];
  SuzumeScore score;
  guint n = 0;

  g_return_val_if_fail (view != NULL, FALSE);

  if (view->seat < 0 || view->over || view->ask != SUZUME_ASK_NONE ||
      view->last == MAHJONG_NO_TILE || view->last_from == view->seat ||
      view->hand_len != SUZUME_HAND_SIZE - 1)
    return FALSE;
  for (guint i = 0; i < view->hand_len; i++)
    tiles[n++] = view->hand[i];
  tiles[n++] = view->last;
  if (!suzume_score_hand (tiles, view->dora, &score) || score.total < SUZUME_MIN_POINTS)
    return FALSE;
  for (guint i = 0; i < view->n_discards[view->seat]; i++)
    if (suzume_tile_kind (view->discards[view->seat][i]) == suzume_tile_kind (view->last))
      return TRUE;
  return FALSE;
}
