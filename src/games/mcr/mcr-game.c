/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mcr"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mahjong-game.h"
#include "mahjong-mcr.h"
#include "mcr-ai.h"
#include "mcr-game.h"
#include "mcr-hint.h"
#include "mcr-view.h"
#include "parlor-line.h"

/* Chinese Official mahjong as a ParlorGame: the state machine is mcr-rules.c,
 * the view line mcr-view.c; here, the object and the words for its events. */

MAHJONG_DEFINE_GAME (McrGame, mcr_game, McrState, mcr_state, mcr_game_info, MCR_PHASE_OVER)

McrGame *
mcr_game_new (const char  *config,
              guint64      seed,
              GError     **error)
{
  McrGame *self;
  guint n_hands = 16;

  if (config != NULL && *config != '\0' && !g_str_equal (config, "hands=16"))
    {
      if (!g_str_equal (config, "hands=1"))
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Chinese Official mahjong takes “hands=16” or “hands=1”, not “%s”"),
                       config);
          return NULL;
        }
      n_hands = 1;
    }
  self = g_object_new (MCR_TYPE_GAME, NULL);
  mcr_state_init (&self->state, n_hands, seed);
  return self;
}

void
mcr_game_set_first_wall (McrGame           *self,
                         const MahjongTile *tiles)
{
  g_return_if_fail (MCR_IS_GAME (self));

  mcr_state_set_first_wall (&self->state, tiles);
}

/* ---- describe ------------------------------------------------------------------ */

static const char *
seat_word (const char * const *names,
           const char          *value,
           char                 buf[16])
{
  const char *name;
  guint64 seat;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, MCR_N_SEATS - 1, &seat, NULL))
    return _("Someone");
  name = parlor_game_seat_name (names, seat);
  if (name != NULL)
    return name;
  g_snprintf (buf, 16, _("Seat %u"), (guint) seat + 1);
  return buf;
}

/* "5m" → "5 of characters", "f2" → "Flower 2"; the text itself if it is no tile. */
static char *
tile_words (const char *text)
{
  guint tile;

  if (text == NULL || *text == '\0')
    return g_strdup ("");
  if (text[0] == 'f' && text[1] >= '1' && text[1] <= '8' && text[2] == '\0')
    tile = MAHJONG_TILE_FLOWER + (guint) (text[1] - '1');
  else
    tile = mahjong_tile_from_string (text);
  if (tile == MAHJONG_NO_TILE)
    return g_strdup (text);
  return mahjong_tile_name (tile);
}

static const char *
wind_word (const char *letter)
{
  switch (letter != NULL ? letter[0] : '\0')
    {
    case 'E': return _("East");
    case 'S': return _("South");
    case 'W': return _("West");
    case 'N': return _("North");
    default: return "?";
    }
}

/* The viewer's own seat is named "": its lines speak to them ("You discard …"). */
static char *
mcr_info_describe (const char         *text,
                   const char * const *names)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  g_autofree char *tile = NULL;
  const char *type, *who, *from;
  char wb[16], fb[16];
  gboolean you;

  if (line == NULL)
    return g_strdup (text);
  type = parlor_line_get_type (line);
  who = seat_word (names, parlor_line_get (line, "seat"), wb);
  from = seat_word (names, parlor_line_get (line, "from"), fb);
  you = parlor_line_has (line, "seat") && *who == '\0';
  tile = tile_words (parlor_line_get (line, "tile"));

  if (g_str_equal (type, "wall"))
    return NULL;
  if (g_str_equal (type, "start"))
    {
      gint64 hands = 0;

      parlor_line_get_int (line, "hands", 1, G_MAXINT, &hands, NULL);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A match of %d hand begins",
                                           "A match of %d hands begins", (gulong) hands),
                              (int) hands);
    }
  if (g_str_equal (type, "hand"))
    {
      const char *dealer = seat_word (names, parlor_line_get (line, "dealer"), fb);

      if (*dealer == '\0')
        return g_strdup_printf (_("Hand %s of %s: you deal; the prevalent wind is %s"),
                                parlor_line_get (line, "number"), parlor_line_get (line, "of"),
                                wind_word (parlor_line_get (line, "prevalent")));
      return g_strdup_printf (_("Hand %s of %s: %s deals; the prevalent wind is %s"),
                              parlor_line_get (line, "number"), parlor_line_get (line, "of"),
                              dealer, wind_word (parlor_line_get (line, "prevalent")));
    }
  if (g_str_equal (type, "deal"))
    return you ? g_strdup (_("You are dealt your tiles"))
               : g_strdup_printf (_("%s is dealt their tiles"), who);
  if (g_str_equal (type, "flower"))
    {
      if (you)
        return g_strdup_printf (_("You set %s aside and draw a replacement"), tile);
      return *tile != '\0' ? g_strdup_printf (_("%s sets %s aside and draws a replacement"), who, tile)
                           : g_strdup_printf (_("%s sets a flower aside and draws a replacement"), who);
    }
  if (g_str_equal (type, "draw"))
    {
      if (you)
        return *tile != '\0' ? g_strdup_printf (_("You draw %s"), tile) : g_strdup (_("You draw a tile"));
      return *tile != '\0' ? g_strdup_printf (_("%s draws %s"), who, tile)
                           : g_strdup_printf (_("%s draws a tile"), who);
    }
  if (g_str_equal (type, "discard"))
    return you ? g_strdup_printf (_("You discard %s"), tile)
               : g_strdup_printf (_("%s discards %s"), who, tile);
  if (g_str_equal (type, "answered"))
    return g_strdup_printf (_("%s has answered the discard"), who);
  if (g_str_equal (type, "chow"))
    return you ? g_strdup_printf (_("You chow %s"), tile)
               : g_strdup_printf (_("%s chows %s"), who, tile);
  if (g_str_equal (type, "pung"))
    return you ? g_strdup_printf (_("You pung %s"), tile)
               : g_strdup_printf (_("%s pungs %s"), who, tile);
  if (g_str_equal (type, "kong") && (parlor_line_has (line, "concealed") || *tile == '\0'))
    return you ? g_strdup (_("You declare a concealed kong"))
               : g_strdup_printf (_("%s declares a concealed kong"), who);
  if (g_str_equal (type, "kong") || g_str_equal (type, "add-kong"))
    {
      if (g_str_equal (type, "add-kong") || parlor_line_has (line, "added"))
        return you ? g_strdup_printf (_("You add %s to a pung"), tile)
                   : g_strdup_printf (_("%s adds %s to a pung"), who, tile);
      return you ? g_strdup_printf (_("You declare a kong of %s"), tile)
                 : g_strdup_printf (_("%s declares a kong of %s"), who, tile);
    }
  if (g_str_equal (type, "hu"))
    {
      const char *fan = parlor_line_get (line, "fan");

      if (parlor_line_has (line, "self"))
        return you ? g_strdup_printf (_("You win by self-draw on %s: %s fan"), tile, fan)
                   : g_strdup_printf (_("%s wins by self-draw on %s: %s fan"), who, tile, fan);
      if (you)
        return g_strdup_printf (_("You win on %s from %s: %s fan"), tile, from, fan);
      if (*from == '\0')
        return g_strdup_printf (_("%s wins on your %s: %s fan"), who, tile, fan);
      return g_strdup_printf (_("%s wins on %s from %s: %s fan"), who, tile, from, fan);
    }
  if (g_str_equal (type, "reveal"))
    {
      g_autofree char *tiles = parlor_words_list (parlor_line_get (line, "tiles"), tile_words);

      return you ? g_strdup_printf (_("You show %s"), tiles)
                 : g_strdup_printf (_("%s shows %s"), who, tiles);
    }
  if (g_str_equal (type, "exhausted"))
    return g_strdup (_("The wall is exhausted: a drawn hand, nobody pays"));
  if (g_str_equal (type, "game-over") || g_str_equal (type, "result"))
    {
      g_auto(GStrv) scores = g_strsplit (parlor_line_has (line, "scores")
                                         ? parlor_line_get (line, "scores") : "", ",", -1);
      GString *out = g_string_new (NULL);

      for (guint s = 0; s < MCR_N_SEATS && scores[s] != NULL; s++)
        {
          g_autofree char *seat = g_strdup_printf ("%u", s);
          const char *name = seat_word (names, seat, wb);

          if (s > 0)
            g_string_append (out, _(", "));
          /* Translators: one player's final score in the list after a match, e.g. "Ann 24" */
          g_string_append_printf (out, _("%s %s"), *name != '\0' ? name : _("you"), scores[s]);
        }
      {
        g_autofree char *list = g_string_free (out, FALSE);

        return g_strdup_printf (_("The match is over. Scores: %s"), list);
      }
    }
  if (g_str_equal (type, "pass"))
    return g_strdup (_("Pass"));
  return g_strdup (text);
}

static const ParlorRecordedSince mcr_info_recorded_since[] = { { "wall", 2 }, { NULL, 0 } };

static const char * const mcr_info_ai_levels[] = { "1", "2", "3", "4", NULL };

static const char *
mcr_info_score_label (const char *id)
{
  McrFan fan = mcr_fan_from_name (id);

  return fan < MCR_N_FANS ? _(mcr_fan_name (fan)) : NULL;
}

MAHJONG_DEFINE_GAME_INFO (mcr, N_("Chinese Official Mahjong"), MCR_N_SEATS, MCR_N_SEATS,
                          /* 2: each hand's wall */
                          .replay_version = 2,
                          .summary = N_("Chinese Official mahjong: win hands worth 8 fan or more against three computer players"),
                          .icon_name = "io.github.parlorgames.Parlor.Mcr-symbolic")
