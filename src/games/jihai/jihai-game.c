/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-jihai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jihai-ai.h"
#include "jihai-game.h"
#include "jihai-hint.h"
#include "jihai-rules.h"
#include "mahjong-game.h"
#include "parlor-line.h"

MAHJONG_DEFINE_GAME (JihaiGame, jihai_game, JihaiState, jihai_state, jihai_game_info, JIHAI_PHASE_OVER)

static const char *const jihai_info_ai_levels[] = { "random", "normal", "strong", NULL };

static const ParlorRecordedSince jihai_info_recorded_since[] = { { "wall", 3 }, { NULL, 0 } };

static char *jihai_info_describe (const char         *line,
                                  const char * const *seat_names);

static const char *
jihai_info_score_label (const char *id)
{
  JihaiLine line = jihai_line_from_id (id);

  return line < JIHAI_N_LINES ? _(jihai_line_label (line)) : NULL;
}

MAHJONG_DEFINE_GAME_INFO (jihai, N_("Honor-tile mahjong"), 2, 2,
                          /* 2: every discard opens a window for every other seat;
                           * 3: each hand's wall */
                          .replay_version = 3,
                          .answers_recorded_since = 2,
                          .summary = N_("Honor-tile mahjong for two: twenty-eight wind and dragon tiles, seven in a hand"),
                          .icon_name = "io.github.parlorgames.Parlor.Jihai-symbolic")

JihaiGame *
jihai_game_new_with_tiles (const char        *config,
                           guint64            seed,
                           const MahjongTile *tiles,
                           GError           **error)
{
  JihaiGame *self;
  int first;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!jihai_config_parse (config, &first, error) || !jihai_tiles_check (tiles, error))
    return NULL;
  self = g_object_new (JIHAI_TYPE_GAME, NULL);
  jihai_state_init (&self->state, first, seed, tiles);
  return self;
}

JihaiGame *
jihai_game_new (const char  *config,
                guint64      seed,
                GError     **error)
{
  return jihai_game_new_with_tiles (config, seed, NULL, error);
}

void
jihai_game_get_view (JihaiGame *self,
                     int        seat,
                     JihaiView *view)
{
  g_return_if_fail (JIHAI_IS_GAME (self));
  g_return_if_fail (view != NULL);

  jihai_state_get_view (&self->state, seat, view);
}

guint
jihai_game_count_tiles (JihaiGame *self)
{
  g_return_val_if_fail (JIHAI_IS_GAME (self), 0);
  return jihai_state_count_tiles (&self->state);
}

int
jihai_game_get_score (JihaiGame *self,
                      guint      seat)
{
  g_return_val_if_fail (JIHAI_IS_GAME (self) && seat < 2, 0);
  return self->state.score[seat];
}

guint
jihai_game_get_hand_number (JihaiGame *self)
{
  g_return_val_if_fail (JIHAI_IS_GAME (self), 0);
  return self->state.hand_no;
}

/* Log words */

static const char *
tile_name (const char *letter)
{
  static const char *const names[] = {
    N_("East"), N_("South"), N_("West"), N_("North"), N_("White"), N_("Green"), N_("Red"),
  };
  MahjongTile tile = letter != NULL && strlen (letter) == 1 ? jihai_tile_from_letter (letter[0])
                                                            : MAHJONG_NO_TILE;

  return tile != MAHJONG_NO_TILE ? _(names[jihai_slot (tile)]) : "?";
}

static char *
spoken_lines (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *colon = strchr (parts[i], ':');
      JihaiLine id;

      if (colon == NULL)
        continue;
      *colon = '\0';
      id = jihai_line_from_id (parts[i]);
      if (id == JIHAI_N_LINES)
        continue;
      if (out->len > 0)
        g_string_append (out, _(", "));
      /* TRANSLATORS: a scoring line and its points, e.g. "Two winds 2" */
      g_string_append_printf (out, _("%s %s"), _(jihai_line_label (id)), colon + 1);
    }
  return g_string_free (out, FALSE);
}

static char *
jihai_info_describe (const char         *text,
                     const char * const *seat_names)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *who = NULL;
  const char *type;
  const char *tile;
  gint64 seat = -1, n = 0, a = 0, b = 0;
  gboolean you;

  g_return_val_if_fail (text != NULL, NULL);

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return g_strdup (text);
  type = parlor_line_get_type (line);
  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  tile = parlor_line_get (line, "tile");
  if (tile == NULL && parlor_line_get_n_words (line) == 1)
    tile = parlor_line_get_word (line, 0);
  parlor_line_get_int (line, "score0", -1000, 1000, &a, NULL);
  parlor_line_get_int (line, "score1", -1000, 1000, &b, NULL);

  if (g_str_equal (type, "wall"))
    return NULL;
  if (g_str_equal (type, "hand"))
    {
      gint64 starter = 0;

      parlor_line_get_int (line, "number", 0, G_MAXINT, &n, NULL);
      parlor_line_get_int (line, "starter", 0, 1, &starter, NULL);
      who = parlor_game_player_name (seat_names, CLAMP (starter, 0, 1));
      if (*who == '\0')
        return g_strdup_printf (_("Hand %d: you start (points %d to %d)"), (int) n, (int) a, (int) b);
      return g_strdup_printf (_("Hand %d: %s starts (points %d to %d)"), (int) n, who, (int) a, (int) b);
    }
  if (seat < 0 && g_str_equal (type, "discard"))
    return g_strdup_printf (_("Discard %s"), tile_name (tile));
  who = parlor_game_player_name (seat_names, CLAMP (seat, 0, 1));
  /* A seat named "" is the reader: "You draw…". */
  you = *who == '\0';
  if (g_str_equal (type, "deal"))
    return you ? g_strdup (_("You get seven tiles")) : g_strdup_printf (_("%s gets seven tiles"), who);
  if (g_str_equal (type, "draw"))
    {
      gboolean replacement = parlor_line_has (line, "replacement");

      if (tile != NULL && you)
        return g_strdup_printf (replacement ? _("You draw a replacement tile: %s")
                                            : _("You draw %s"), tile_name (tile));
      if (you)
        return g_strdup (replacement ? _("You draw a replacement tile") : _("You draw a tile"));
      if (tile != NULL)
        return g_strdup_printf (replacement ? _("%s draws a replacement tile: %s")
                                            : _("%s draws %s"), who, tile_name (tile));
      return g_strdup_printf (replacement ? _("%s draws a replacement tile") : _("%s draws a tile"), who);
    }
  if (g_str_equal (type, "ron-barred"))
    {
      if (you)
        /* Translators: %s is a tile, "East wind" */
        return g_strdup_printf (_("%s would complete your hand, but you discarded one earlier in "
                                  "this hand: no ron on it."), tile_name (tile));
      return g_strdup_printf (_("%s would complete %s’s hand, but %s discarded one earlier in "
                                "this hand: no ron on it."), tile_name (tile), who, who);
    }
  if (g_str_equal (type, "discard"))
    {
      if (you)
        return g_strdup_printf (_("You discard %s"), tile_name (tile));
      return g_strdup_printf (_("%s discards %s"), who, tile_name (tile));
    }
  if (g_str_equal (type, "call"))
    {
      const char *kind = parlor_line_get (line, "type");

      if (you)
        {
          if (g_strcmp0 (kind, "pung") == 0)
            return g_strdup_printf (_("You call pung on %s"), tile_name (tile));
          if (g_strcmp0 (kind, "kong") == 0)
            return g_strdup_printf (_("You call kong on %s"), tile_name (tile));
          if (g_strcmp0 (kind, "ckong") == 0)
            return g_strdup_printf (_("You declare a concealed kong of %s"), tile_name (tile));
          return g_strdup_printf (_("You add %s to a pung"), tile_name (tile));
        }

      if (g_strcmp0 (kind, "pung") == 0)
        return g_strdup_printf (_("%s calls pung on %s"), who, tile_name (tile));
      if (g_strcmp0 (kind, "kong") == 0)
        return g_strdup_printf (_("%s calls kong on %s"), who, tile_name (tile));
      if (g_strcmp0 (kind, "ckong") == 0)
        return g_strdup_printf (_("%s declares a concealed kong of %s"), who, tile_name (tile));
      return g_strdup_printf (_("%s adds %s to a pung"), who, tile_name (tile));
    }
  if (g_str_equal (type, "win"))
    {
      g_autofree char *lines = spoken_lines (parlor_line_get (line, "lines"));

      parlor_line_get_int (line, "points", 0, 1000, &n, NULL);
      if (you)
        return g_strdup_printf (g_strcmp0 (parlor_line_get (line, "way"), "ron") == 0
                                ? ngettext ("You win by ron on %s: %s, %d point",
                                            "You win by ron on %s: %s, %d points", (gulong) n)
                                : ngettext ("You win by tsumo on %s: %s, %d point",
                                            "You win by tsumo on %s: %s, %d points", (gulong) n),
                                tile_name (tile), lines, (int) n);
      if (g_strcmp0 (parlor_line_get (line, "way"), "ron") == 0)
        return g_strdup_printf (ngettext ("%s wins by ron on %s: %s, %d point",
                                          "%s wins by ron on %s: %s, %d points", (gulong) n),
                                who, tile_name (tile), lines, (int) n);
      return g_strdup_printf (ngettext ("%s wins by tsumo on %s: %s, %d point",
                                        "%s wins by tsumo on %s: %s, %d points", (gulong) n),
                              who, tile_name (tile), lines, (int) n);
    }
  if (g_str_equal (type, "hand-over"))
    {
      if (g_strcmp0 (parlor_line_get (line, "result"), "draw") == 0)
        return g_strdup_printf (_("The wall is empty: a drawn hand (points %d to %d)"), (int) a, (int) b);
      return g_strdup_printf (_("End of the hand: points %d to %d"), (int) a, (int) b);
    }
  if (g_str_equal (type, "match-over") || g_str_equal (type, "result"))
    {
      gint64 winner = 0;

      parlor_line_get_int (line, "winner", 0, 1, &winner, NULL);
      g_free (who);
      who = parlor_game_player_name (seat_names, CLAMP (winner, 0, 1));
      if (*who == '\0')
        return g_strdup_printf (_("You win the match, %d points to %d"),
                                (int) (winner == 0 ? a : b), (int) (winner == 0 ? b : a));
      return g_strdup_printf (_("%s wins the match, %d points to %d"), who,
                              (int) (winner == 0 ? a : b), (int) (winner == 0 ? b : a));
    }
  /* actions */
  if (g_str_equal (type, "tsumo"))
    return g_strdup (_("Win by tsumo"));
  if (g_str_equal (type, "ron"))
    return g_strdup (_("Win by ron"));
  if (g_str_equal (type, "pung"))
    return g_strdup (_("Call pung"));
  if (g_str_equal (type, "kong"))
    return g_strdup (_("Call kong"));
  if (g_str_equal (type, "ckong"))
    return g_strdup_printf (_("Declare a concealed kong of %s"), tile_name (tile));
  if (g_str_equal (type, "akong"))
    return g_strdup_printf (_("Add %s to a pung"), tile_name (tile));
  if (g_str_equal (type, "pass"))
    return g_strdup (_("Pass"));

  return g_strdup (text);
}
