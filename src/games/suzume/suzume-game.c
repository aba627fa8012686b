/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-suzume"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-game.h"
#include "parlor-line.h"
#include "suzume-ai.h"
#include "suzume-game-private.h"
#include "suzume-hint.h"

MAHJONG_DEFINE_GAME (SuzumeGame, suzume_game, SuzumeState, suzume_state, suzume_game_info, SUZUME_PHASE_OVER)

SuzumeGame *
suzume_game_new (const char  *config,
                 guint64      seed,
                 GError     **error)
{
  SuzumeConfig parsed;
  SuzumeGame *self;

  if (!suzume_config_parse (config, &parsed, error))
    return NULL;
  self = g_object_new (SUZUME_TYPE_GAME, NULL);
  suzume_state_init (&self->state, &parsed, seed);
  return self;
}

SuzumeState *
suzume_game_get_state (SuzumeGame *self)
{
  g_return_val_if_fail (SUZUME_IS_GAME (self), NULL);
  return &self->state;
}

char *
suzume_win_sets_words (const char *hand)
{
  MahjongTile tiles[SUZUME_HAND_SIZE];
  MahjongTile sets[2][3];
  GString *out;
  guint n = 0;

  g_return_val_if_fail (hand != NULL, NULL);

  if (!suzume_tiles_parse (hand, ',', tiles, SUZUME_HAND_SIZE, &n) || n != SUZUME_HAND_SIZE ||
      !suzume_hand_sets (tiles, sets))
    return g_strdup (hand);
  out = g_string_new (NULL);
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *name = mahjong_tile_name (sets[s][i]);

        g_string_append_printf (out, "%s%s", s > 0 && i == 0 ? "\n" : i > 0 ? _(", ") : "", name);
      }
  return g_string_free (out, FALSE);
}

/* ---- describe ---- */

static char *
seat_word (const char * const *names,
           const char          *value)
{
  guint64 seat;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, SUZUME_MAX_SEATS - 1, &seat, NULL))
    return g_strdup (_("Someone"));
  return parlor_game_player_name (names, seat);
}

static int
int_of (const ParlorLine *line,
        const char       *key)
{
  const char *value = parlor_line_get (line, key);
  gint64 v;

  if (value == NULL || !g_ascii_string_to_signed (value, 10, -100000, 100000, &v, NULL))
    return 0;
  return (int) v;
}

/* "5s" → "5 bamboo", "5r" → "red 5", "F" → "green dragon". */
static char *
tile_words (const char *text)
{
  MahjongTile t = suzume_tile_from_string (text);

  if (t == MAHJONG_NO_TILE)
    return g_strdup (text != NULL ? text : "?");
  if (suzume_tile_kind (t) == SUZUME_KIND_F)
    return g_strdup (_("green dragon"));
  if (suzume_tile_kind (t) == SUZUME_KIND_C)
    return g_strdup (_("red dragon"));
  if (suzume_tile_is_red (t))
    return g_strdup_printf (_("red %u"), suzume_tile_kind (t) + 1);
  return g_strdup_printf (_("%u bamboo"), suzume_tile_kind (t) + 1);
}

static char *
suzume_info_describe (const char         *text,
                      const char * const *names)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  g_autofree char *who = NULL;
  g_autofree char *tile = NULL;
  const char *type;

  if (line == NULL)
    return g_strdup (text);
  type = parlor_line_get_type (line);
  who = seat_word (names, parlor_line_get (line, "seat"));
  if (parlor_line_has (line, "tile"))
    tile = tile_words (parlor_line_get (line, "tile"));

  if (g_str_equal (type, "wall"))
    return NULL;
  if (g_str_equal (type, "match"))
    {
      g_autofree char *dealer = seat_word (names, parlor_line_get (line, "dealer"));

      int hands = int_of (line, "seats") * int_of (line, "deals");

      if (*dealer == '\0')
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "A match of %d hand for %d players begins; you deal first",
                                             "A match of %d hands for %d players begins; you deal first",
                                             (gulong) MAX (hands, 0)),
                                hands, int_of (line, "seats"));
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "A match of %d hand for %d players begins; %s deals first",
                                           "A match of %d hands for %d players begins; %s deals first",
                                           (gulong) MAX (hands, 0)),
                              hands, int_of (line, "seats"), dealer);
    }
  if (g_str_equal (type, "hand"))
    {
      g_autofree char *dealer = seat_word (names, parlor_line_get (line, "dealer"));

      if (*dealer == '\0')
        return g_strdup_printf (_("Hand %d of %d; you deal"), int_of (line, "number"),
                                int_of (line, "of"));
      return g_strdup_printf (_("Hand %d of %d; %s deals"), int_of (line, "number"),
                              int_of (line, "of"), dealer);
    }
  if (g_str_equal (type, "deal"))
    {
      if (parlor_line_has (line, "tiles"))
        {
          g_autofree char *tiles = parlor_words_list (parlor_line_get (line, "tiles"), tile_words);

          if (*who == '\0')
            return g_strdup_printf (_("You take %s"), tiles);
          return g_strdup_printf (_("%s takes %s"), who, tiles);
        }
      if (*who == '\0')
        return g_strdup (_("You take five tiles"));
      return g_strdup_printf (_("%s takes five tiles"), who);
    }
  if (g_str_equal (type, "dora"))
    return g_strdup_printf (_("The dora indicator is the %s"), tile);
  if (g_str_equal (type, "draw"))
    {
      if (*who == '\0')
        return tile != NULL ? g_strdup_printf (_("You draw the %s"), tile)
                            : g_strdup (_("You draw a tile"));
      if (tile != NULL)
        return g_strdup_printf (_("%s draws the %s"), who, tile);
      return g_strdup_printf (_("%s draws a tile"), who);
    }
  if (g_str_equal (type, "discard"))
    {
      if (parlor_line_has (line, "seat") && *who == '\0')
        return g_strdup_printf (_("You discard the %s"), tile);
      if (parlor_line_has (line, "seat"))
        return g_strdup_printf (_("%s discards the %s"), who, tile);
      g_free (tile);
      tile = tile_words (parlor_line_get_n_words (line) > 0 ? parlor_line_get_word (line, 0) : NULL);
      return g_strdup_printf (_("Discard the %s"), tile);
    }
  if (g_str_equal (type, "ron-barred"))
    {
      if (*who == '\0')
        return g_strdup_printf (_("%s would complete your hand, but you cannot ron: you discarded that number yourself"),
                                tile);
      /* Translators: "Ann cannot ron the 5 bamboo: she discarded that number herself" */
      return g_strdup_printf (_("%s cannot ron the %s: a tile of that number is among their own discards"),
                              who, tile);
    }
  if ((g_str_equal (type, "tsumo") || g_str_equal (type, "ron")) && parlor_line_has (line, "seat"))
    {
      int total = int_of (line, "total");
      int bonus = int_of (line, "bonus");

      /* The viewer's own win ("" is the viewer's name). */
      if (*who == '\0')
        {
          g_autofree char *from = seat_word (names, parlor_line_get (line, "from"));

          if (g_str_equal (type, "tsumo"))
            return bonus > 0
                   ? g_strdup_printf (_("You win on the drawn %s: %d points, +%d as dealer"),
                                      tile, total, bonus)
                   : g_strdup_printf (_("You win on the drawn %s: %d points"), tile, total);
          return bonus > 0
                 ? g_strdup_printf (_("You win on %s’s %s: %d points, +%d as dealer"),
                                    from, tile, total, bonus)
                 : g_strdup_printf (_("You win on %s’s %s: %d points"), from, tile, total);
        }

      if (g_str_equal (type, "tsumo"))
        return bonus > 0
               ? g_strdup_printf (_("%s wins on the drawn %s: %d points, +%d as dealer"),
                                  who, tile, total, bonus)
               : g_strdup_printf (_("%s wins on the drawn %s: %d points"), who, tile, total);
      {
        g_autofree char *from = seat_word (names, parlor_line_get (line, "from"));

        if (*from == '\0')
          return bonus > 0
                 ? g_strdup_printf (_("%s wins on your %s: %d points, +%d as dealer"),
                                    who, tile, total, bonus)
                 : g_strdup_printf (_("%s wins on your %s: %d points"), who, tile, total);
        return bonus > 0
               ? g_strdup_printf (_("%s wins on %s’s %s: %d points, +%d as dealer"),
                                  who, from, tile, total, bonus)
               : g_strdup_printf (_("%s wins on %s’s %s: %d points"), who, from, tile, total);
      }
    }
  if (g_str_equal (type, "tsumo"))
    return g_strdup (_("Win on the drawn tile"));
  if (g_str_equal (type, "ron"))
    return g_strdup (_("Win on the discard"));
  if (g_str_equal (type, "pass"))
    return g_strdup (_("Let the discard go"));
  if (g_str_equal (type, "pay"))
    {
      g_autofree char *from = seat_word (names, parlor_line_get (line, "from"));
      g_autofree char *to = seat_word (names, parlor_line_get (line, "to"));
      int paid = int_of (line, "points"), owed = int_of (line, "owed");

      if (*from == '\0' && paid < owed)
        return g_strdup_printf (_("You pay %s %d of the %d points owed"), to, paid, owed);
      if (*to == '\0' && paid < owed)
        return g_strdup_printf (_("%s pays you %d of the %d points owed"), from, paid, owed);
      if (*from == '\0')
        return g_strdup_printf (ngettext ("You pay %s %d point", "You pay %s %d points", paid),
                                to, paid);
      if (*to == '\0')
        return g_strdup_printf (ngettext ("%s pays you %d point", "%s pays you %d points", paid),
                                from, paid);
      if (paid < owed)
        return g_strdup_printf (_("%s pays %s %d of the %d points owed"), from, to, paid, owed);
      return g_strdup_printf (ngettext ("%s pays %s %d point", "%s pays %s %d points", paid),
                              from, to, paid);
    }
  if (g_str_equal (type, "exhausted"))
    return g_strdup (_("The wall is empty: nobody wins this hand"));
  if (g_str_equal (type, "scores"))
    {
      g_auto(GStrv) points = g_strsplit (parlor_line_has (line, "points")
                                         ? parlor_line_get (line, "points") : "", ",", -1);
      GString *out = g_string_new (NULL);

      for (guint s = 0; s < SUZUME_MAX_SEATS && points[s] != NULL; s++)
        {
          g_autofree char *seat = g_strdup_printf ("%u", s);
          g_autofree char *w = seat_word (names, seat);

          if (s > 0)
            g_string_append (out, _(", "));
          /* Translators: one player's points in the list after a hand, e.g. "Ann 42" */
          g_string_append_printf (out, _("%s %s"), *w != '\0' ? w : _("you"), points[s]);
        }
      {
        g_autofree char *list = g_string_free (out, FALSE);

        return g_strdup_printf (_("Points: %s"), list);
      }
    }
  if (g_str_equal (type, "game-over") || g_str_equal (type, "result"))
    {
      g_auto(GStrv) winners = g_strsplit (parlor_line_get (line, "winners") != NULL
                                          ? parlor_line_get (line, "winners") : "", ",", -1);
      GString *out = g_string_new (NULL);

      for (guint i = 0; winners[i] != NULL; i++)
        {
          g_autofree char *w = seat_word (names, winners[i]);

          if (*w == '\0' && winners[1] == NULL)
            {
              g_string_free (out, TRUE);
              return g_strdup (_("Match over. You win"));
            }
          g_string_append_printf (out, "%s%s", i > 0 ? _(", ") : "", *w == '\0' ? C_("shared victory", "you") : w);
        }
      if (g_strv_length (winners) > 1)
        g_string_prepend (out, _("Match over. Shared victory: "));
      else
        g_string_prepend (out, _("Match over. The winner is "));
      return g_string_free (out, FALSE);
    }
  if (g_str_equal (type, "view"))
    return g_strdup (_("The table as seen from one seat"));

  return g_strdup (text);
}

static const ParlorRecordedSince suzume_info_recorded_since[] = {
  { "ron-barred", 3 }, { "wall", 4 }, { NULL, 0 }
};

static const char * const suzume_info_ai_levels[] = { "random", "normal", "strong", NULL };

static const char *
suzume_info_score_label (const char *id)
{
  SuzumeYaku yaku = suzume_yaku_from_id (id);

  return yaku < SUZUME_N_YAKU ? suzume_yaku_label (yaku) : NULL;
}

MAHJONG_DEFINE_GAME_INFO (suzume, N_("Suzume-jong"), SUZUME_MIN_SEATS, SUZUME_MAX_SEATS,
                          /* 2: every discard opens a window for every other seat; 3: ron-barred;
                           * 4: each hand's wall */
                          .replay_version = 4,
                          .answers_recorded_since = 2,
                          .summary = N_("Make two sets of three from six bamboo and dragon tiles, for two to five players"),
                          .icon_name = "io.github.parlorgames.Parlor.Suzume-symbolic")
