/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "parlor-games.h"
#include "parlor-hint.h"
#include "parlor-line.h"
#include "parlor-replay.h"

#define MAX_SEATS 8

/* The last game of a replay, played to its last action. */
typedef struct
{
  const ParlorGameInfo *info;
  ParlorGame           *game;
  char                 *names[MAX_SEATS + 1];
} Position;

static void
position_clear (Position *pos)
{
  g_clear_object (&pos->game);
  for (guint i = 0; i < MAX_SEATS; i++)
    g_clear_pointer (&pos->names[i], g_free);
}

static gboolean
fail (GError    **error,
      guint       lineno,
      const char *message)
{
  g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX, _("line %u: %s"),
               lineno, message);
  return FALSE;
}

static gboolean
start_game (Position          *pos,
            const ParlorLine  *record,
            guint              lineno,
            gboolean          *automatic,
            GError           **error)
{
  const char *id = parlor_line_get (record, "id");
  const char *config = parlor_line_get (record, "config");
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GError) local_error = NULL;
  guint64 seed;
  gint64 version = 1;

  position_clear (pos);
  if (id == NULL || parlor_line_get (record, "seed") == NULL ||
      !g_ascii_string_to_unsigned (parlor_line_get (record, "seed"), 10, 0, G_MAXUINT64,
                                   &seed, NULL))
    return fail (error, lineno, _("a game record needs an id and a seed"));
  pos->info = parlor_games_lookup (id);
  if (pos->info == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("there is no game “%s”"), id);

      return fail (error, lineno, message);
    }
  if (parlor_line_has (record, "version") &&
      !parlor_line_get_int (record, "version", 1, MAX (pos->info->replay_version, 1),
                            &version, NULL))
    return fail (error, lineno, _("this replay is of a version this Parlor cannot play"));
  *automatic = version < (gint64) pos->info->answers_recorded_since;
  pos->game = pos->info->new_game (config != NULL ? config : "", seed, &local_error);
  if (pos->game == NULL)
    return fail (error, lineno, local_error->message);
  parlor_game_start (pos->game, events);
  return TRUE;
}

static gboolean
load_last_game (const char  *text,
                Position    *pos,
                GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean seen_header = FALSE;
  gboolean automatic = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(ParlorLine) record = NULL;
      g_autoptr(GError) local_error = NULL;
      const char *type;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      record = parlor_line_parse (lines[i], &local_error);
      if (record == NULL)
        return fail (error, i + 1, local_error->message);
      type = parlor_line_get_type (record);
      if (!seen_header)
        {
          gint64 version;

          if (!g_str_equal (type, "replay") ||
              !parlor_line_get_int (record, "version", PARLOR_REPLAY_VERSION,
                                    PARLOR_REPLAY_VERSION, &version, NULL))
            return fail (error, i + 1, _("this is not a replay of this version of Parlor"));
          seen_header = TRUE;
        }
      else if (g_str_equal (type, "game"))
        {
          if (!start_game (pos, record, i + 1, &automatic, error))
            return FALSE;
        }
      else if (pos->game == NULL)
        return fail (error, i + 1, _("a record comes before any game record"));
      else if (g_str_equal (type, "seat"))
        {
          gint64 index;

          if (!parlor_line_get_int (record, "index", 0,
                                    MIN (parlor_game_get_n_seats (pos->game), MAX_SEATS) - 1,
                                    &index, NULL))
            return fail (error, i + 1, _("a seat record needs a seat’s index"));
          g_free (pos->names[index]);
          pos->names[index] = g_strdup (parlor_line_get (record, "name") != NULL
                                          ? parlor_line_get (record, "name") : "");
        }
      else if (g_str_equal (type, "action"))
        {
          g_autoptr(GPtrArray) events = parlor_event_array_new ();
          const char *line = parlor_line_get (record, "line");
          gint64 seat;

          if (line == NULL ||
              !parlor_line_get_int (record, "seat", 0, parlor_game_get_n_seats (pos->game) - 1,
                                    &seat, NULL))
            return fail (error, i + 1, _("an action record needs a seat and a line"));
          if (!parlor_game_apply (pos->game, seat, line, events, &local_error) ||
              (automatic && !parlor_game_play_automatic (pos->game, NULL, NULL, &local_error)))
            return fail (error, i + 1, local_error->message);
        }
    }
  if (!seen_header)
    return fail (error, 1, _("the replay is empty"));
  if (pos->game == NULL)
    return fail (error, 1, _("the replay holds no game"));
  return TRUE;
}

/* The first seat asked for a decision of its own; the answers a table
 * plays itself are played until one is. -1 when the game is over. */
static int
seat_to_act (ParlorGame  *game,
             GError     **error)
{
  while (!parlor_game_is_over (game))
    {
      gboolean waiting = FALSE;

      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        {
          g_autofree char *automatic = parlor_game_get_automatic_action (game, s);

          if (parlor_game_is_waiting_for (game, s) && automatic == NULL)
            return (int) s;
        }
      for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
        waiting |= parlor_game_is_waiting_for (game, s);
      if (!waiting)
        break;
      if (!parlor_game_play_automatic (game, NULL, NULL, error))
        return -1;
    }
  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                       parlor_game_is_over (game) ? _("The game is over: no seat is asked to act")
                                                  : _("No seat is asked to act"));
  return -1;
}

static void
print_json (const char       *game_id,
            int               seat,
            const ParlorHint *hint)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  parlor_cli_json_string (builder, "game", game_id);
  parlor_cli_json_int (builder, "seat", seat);
  parlor_cli_json_string (builder, "action", hint->action);
  parlor_cli_json_string (builder, "words", hint->words);
  json_builder_set_member_name (builder, "notes");
  json_builder_begin_array (builder);
  if (hint->notes != NULL)
    {
      g_auto(GStrv) notes = g_strsplit (hint->notes, "\n", -1);

      for (guint i = 0; notes[i] != NULL; i++)
        if (*notes[i] != '\0')
          json_builder_add_string_value (builder, notes[i]);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  parlor_cli_print_json (builder);
}

int
parlor_cli_hint (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context =
    g_option_context_new ("REPLAY - the strongest computer player's move for the seat to act");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *view = NULL;
  g_autoptr(ParlorHint) hint = NULL;
  Position pos = { 0 };
  gboolean json = FALSE;
  int seat = -1;
  int first;
  int status = 0;
  const GOptionEntry entries[] = {
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat, "The seat to advise (default: the seat to act)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: parlor-cli hint REPLAY [--seat S] [--json]\n");
      return 2;
    }
  text = parlor_replay_read_file (argv[1], NULL, &error);
  if (text == NULL)
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 2;
    }
  if (!load_last_game (text, &pos, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      position_clear (&pos);
      return 1;
    }

  first = seat_to_act (pos.game, &error);
  if (first < 0)
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      position_clear (&pos);
      return 1;
    }
  if (seat == -1)
    seat = first;
  else if (seat < 0 || (guint) seat >= parlor_game_get_n_seats (pos.game) ||
           !parlor_game_is_waiting_for (pos.game, seat))
    {
      fprintf (stderr, "parlor-cli: %s\n", _("That seat is not asked to act"));
      position_clear (&pos);
      return 1;
    }

  view = parlor_game_view_for (pos.game, seat);
  hint = parlor_hint_compute (pos.info, view, (const char * const *) pos.names, NULL, &error);
  if (hint == NULL)
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      status = 1;
    }
  else if (json)
    print_json (pos.info->id, seat, hint);
  else
    {
      g_autofree char *words = parlor_hint_to_text (hint);

      printf ("seat %d: %s\n%s\n", seat, hint->action, words);
    }
  position_clear (&pos);
  return status;
}
