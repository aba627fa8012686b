/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"

/* Plays one seeded game at random and records it. */
static void
record_game (GPtrArray *lines,
             guint64    seed)
{
  const ParlorGameInfo *info = parlor_games_lookup ("manhattan");
  g_autoptr(ParlorGame) game = info->new_game ("", seed, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  ParlorRng rng;

  parlor_rng_init (&rng, seed, 3);
  g_ptr_array_add (lines, parlor_replay_format_game ("manhattan", seed, "", NULL));
  for (guint s = 0; s < 4; s++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", s);

      g_ptr_array_add (lines, parlor_replay_format_seat (s, name, "ai", "random", NULL));
    }
  parlor_game_start (game, events);
  g_assert_true (parlor_replay_append_events (lines, events, NULL));
  while (!parlor_game_is_over (game))
    {
      guint seat = __builtin_ctz (parlor_game_get_waiting (game));
      g_autofree char *action = parlor_game_random_action (game, seat, &rng);

      g_ptr_array_set_size (events, 0);
      g_assert_true (parlor_game_apply (game, seat, action, events, NULL));
      g_ptr_array_add (lines, parlor_replay_format_action (seat, action, seat == 1, NULL));
      g_assert_true (parlor_replay_append_events (lines, events, NULL));
    }
  result = parlor_game_get_result (game);
  g_ptr_array_add (lines, parlor_replay_format_result (result, NULL));
}

static GPtrArray *
recorded (guint n)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (lines, parlor_replay_format_header ());
  for (guint i = 0; i < n; i++)
    record_game (lines, 40 + i);
  return lines;
}

static char *
join (GPtrArray *lines)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (s, "%s\n", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (s, FALSE);
}

static guint
find_record (GPtrArray  *lines,
             const char *prefix,
             guint       nth)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (lines, i), prefix) && nth-- == 0)
      return i;
  g_assert_not_reached ();
}

static void
assert_fails_at (GPtrArray *lines,
                 guint      index,
                 int        code)
{
  g_autofree char *text = join (lines);
  g_autofree char *prefix = g_strdup_printf ("line %u:", index + 1);
  g_autoptr(GError) error = NULL;
  guint n = 99;

  g_assert_false (parlor_replay_verify (text, parlor_games_lookup, &n, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected “%s…”, got “%s”", prefix, error->message);
}

static void
test_format (void)
{
  g_autofree char *seat = parlor_replay_format_seat (0, "North AI", "ai", "strong", NULL);
  g_autofree char *action = parlor_replay_format_action (2, "play card=3 city=2 block=4", TRUE, NULL);
  ParlorEvent private_event = { (char *) "deal seat=1 cards=0,1,2,3", PARLOR_AUDIENCE_SEAT (1) };
  ParlorEvent public_event = { (char *) "turn seat=1", PARLOR_AUDIENCE_ALL };
  g_autofree char *e1 = parlor_replay_format_event (&private_event, NULL);
  g_autofree char *e2 = parlor_replay_format_event (&public_event, NULL);
  g_autofree char *game = parlor_replay_format_game ("manhattan", 123, "", NULL);
  g_autofree char *header = parlor_replay_format_header ();

  g_assert_cmpstr (header, ==, "replay version=1");
  g_assert_cmpstr (game, ==, "game id=manhattan seed=123 config=");
  g_assert_cmpstr (seat, ==, "seat index=0 name=North%20AI kind=ai level=strong");
  g_assert_cmpstr (action, ==, "action seat=2 line=play%20card%3D3%20city%3D2%20block%3D4 timeout=1");
  g_assert_cmpstr (e1, ==, "event audience=2 line=deal%20seat%3D1%20cards%3D0,1,2,3");
  g_assert_cmpstr (e2, ==, "event audience=all line=turn%20seat%3D1");
}

static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) lines = recorded (3);
  g_autofree char *text = join (lines);
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_assert_true (parlor_replay_verify (text, parlor_games_lookup, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 3);
}

static void
test_tampered_event (void)
{
  g_autoptr(GPtrArray) lines = recorded (2);
  /* The first deal of the second game, now with other cards. */
  guint second = find_record (lines, "game ", 1);
  guint i = second;

  while (strstr (g_ptr_array_index (lines, i), "deal%20seat") == NULL ||
         strstr (g_ptr_array_index (lines, i), "cards%3D") == NULL)
    i++;
  g_free (lines->pdata[i]);
  lines->pdata[i] = g_strdup ("event audience=1 line=deal%20seat%3D0%20cards%3D8,8,8,8");
  assert_fails_at (lines, i, PARLOR_REPLAY_ERROR_MISMATCH);
}

static void
test_tampered_action (void)
{
  g_autoptr(GPtrArray) lines = recorded (1);
  guint i = find_record (lines, "action seat=", 30);

  /* Nobody has six 4-storey blocks: the engine refuses it, whatever the phase. */
  g_free (lines->pdata[i]);
  lines->pdata[i] = parlor_replay_format_action (0, "choose blocks=4,4,4,4,4,4", FALSE, NULL);
  assert_fails_at (lines, i, PARLOR_REPLAY_ERROR_MISMATCH);
}

static void
test_missing_event (void)
{
  g_autoptr(GPtrArray) lines = recorded (1);
  guint action = find_record (lines, "action seat=", 10);

  /* Drop the event just before an action: the action's line is the first to disagree. */
  g_ptr_array_remove_index (lines, action - 1);
  assert_fails_at (lines, action - 1, PARLOR_REPLAY_ERROR_MISMATCH);
}

static void
test_extra_event (void)
{
  g_autoptr(GPtrArray) lines = recorded (1);
  guint action = find_record (lines, "action seat=", 5);

  g_ptr_array_insert (lines, action, g_strdup ("event audience=all line=turn%20seat%3D2"));
  assert_fails_at (lines, action, PARLOR_REPLAY_ERROR_MISMATCH);
}

static void
test_tampered_result (void)
{
  g_autoptr(GPtrArray) lines = recorded (1);
  guint i = find_record (lines, "result ", 0);

  g_free (lines->pdata[i]);
  lines->pdata[i] = parlor_replay_format_result ("result scores=0,0,0,0 ranks=1,1,1,1 winners=0,1,2,3 tiebreak=shared", NULL);
  assert_fails_at (lines, i, PARLOR_REPLAY_ERROR_MISMATCH);
}

static void
test_bad_files (void)
{
  static const struct { const char *text; guint line; int code; } cases[] = {
    { "", 1, PARLOR_REPLAY_ERROR_SYNTAX },
    { "hello\n", 1, PARLOR_REPLAY_ERROR_SYNTAX },
    { "replay version=2\n", 1, PARLOR_REPLAY_ERROR_SYNTAX },
    { "replay version=1\ngame id=chess seed=1 config=\n", 2, PARLOR_REPLAY_ERROR_UNKNOWN_GAME },
    { "replay version=1\nevent audience=all line=x\n", 2, PARLOR_REPLAY_ERROR_SYNTAX },
    { "replay version=1\ngame id=manhattan seed=1 config=\nbogus\n", 3, PARLOR_REPLAY_ERROR_SYNTAX },
    { "replay version=1\ngame id=manhattan seed=x config=\n", 2, PARLOR_REPLAY_ERROR_SYNTAX },
    { "replay version=1\ngame id=manhattan seed=1 config=\nseat index=7 name=a kind=ai\n", 3,
      PARLOR_REPLAY_ERROR_SYNTAX },
    { "replay version=1\ngame id=manhattan seed=1 config=\n%%%\n", 3, PARLOR_REPLAY_ERROR_SYNTAX },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *prefix = g_strdup_printf ("line %u:", cases[i].line);

      g_assert_false (parlor_replay_verify (cases[i].text, parlor_games_lookup, NULL, &error));
      g_assert_error (error, PARLOR_REPLAY_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, prefix));
    }
}

/* A file with a game in it, each seat named once with a kind the table knows,
 * one result: what the verifier reads is what resume and the viewer read. */
static void
test_records_required (void)
{
  g_autoptr(GPtrArray) lines = recorded (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint i;

  /* A header alone holds no game. */
  g_assert_false (parlor_replay_verify ("replay version=1\n", parlor_games_lookup, NULL, &error));
  g_assert_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line "));
  g_assert_nonnull (strstr (error->message, "no game"));
  g_clear_error (&error);

  /* A second result. */
  i = find_record (lines, "result ", 0);
  g_ptr_array_add (lines, g_strdup (g_ptr_array_index (lines, i)));
  assert_fails_at (lines, lines->len - 1, PARLOR_REPLAY_ERROR_SYNTAX);
  g_ptr_array_remove_index (lines, lines->len - 1);

  /* A seat of a kind no table has. */
  i = find_record (lines, "seat ", 2);
  g_free (lines->pdata[i]);
  lines->pdata[i] = g_strdup ("seat index=2 name=x kind=%25s%25n");
  assert_fails_at (lines, i, PARLOR_REPLAY_ERROR_SYNTAX);

  /* A seat without its record: refused at the game's first event. */
  g_ptr_array_remove_index (lines, i);
  assert_fails_at (lines, i + 1, PARLOR_REPLAY_ERROR_SYNTAX);

  /* Lines ended by CR LF are the same lines. */
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = recorded (1);
  text = join (lines);
  {
    g_autoptr(GString) crlf = g_string_new (text);
    guint n = 0;

    g_string_replace (crlf, "\n", "\r\n", 0);
    g_assert_true (parlor_replay_verify (crlf->str, parlor_games_lookup, &n, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 1);
  }
}

/* A record longer than a line may be once escaped is not written. */
static void
test_format_too_long (void)
{
  g_autofree char *spaces = g_strnfill (PARLOR_LINE_MAX_LENGTH / 3, ' ');
  g_autofree char *long_line = g_strconcat ("play", spaces, NULL);
  ParlorEvent event = { NULL, PARLOR_AUDIENCE_ALL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  event.line = long_line;
  g_assert_null (parlor_replay_format_action (0, long_line, FALSE, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
  g_clear_error (&error);
  g_assert_null (parlor_replay_format_event (&event, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
  g_clear_error (&error);
  g_assert_null (parlor_replay_format_result (long_line, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
  g_clear_error (&error);
  g_assert_null (parlor_replay_format_game ("manhattan", 1, long_line, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
  g_clear_error (&error);

  g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, "turn seat=1"));
  g_ptr_array_add (events, parlor_event_new (PARLOR_AUDIENCE_ALL, long_line));
  g_assert_false (parlor_replay_append_events (lines, events, &error));
  g_assert_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_TOO_LONG);
  g_assert_cmpuint (lines->len, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/replay/format", test_format);
  g_test_add_func ("/replay/round-trip", test_round_trip);
  g_test_add_func ("/replay/tampered/event", test_tampered_event);
  g_test_add_func ("/replay/tampered/action", test_tampered_action);
  g_test_add_func ("/replay/tampered/missing-event", test_missing_event);
  g_test_add_func ("/replay/tampered/extra-event", test_extra_event);
  g_test_add_func ("/replay/tampered/result", test_tampered_result);
  g_test_add_func ("/replay/bad-files", test_bad_files);
  g_test_add_func ("/replay/records-required", test_records_required);
  g_test_add_func ("/replay/format-too-long", test_format_too_long);

  return g_test_run ();
}
