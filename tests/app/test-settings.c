/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <string.h>

#include "manhattan-game.h"
#include "parlor-games.h"
#include "parlor-settings.h"
#include "triad-game.h"

/* Runs on GSETTINGS_BACKEND=memory with the schema compiled into the build dir. */

static void
reset_all_keys (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
}

typedef struct
{
  guint player_name, time_limit, volume, strength, claim_limit, ai_speed;
} NotifyCounts;

static void
on_notify (GObject      *object,
           GParamSpec   *pspec,
           NotifyCounts *counts)
{
  if (g_str_equal (pspec->name, "player-name"))
    counts->player_name++;
  else if (g_str_equal (pspec->name, "time-limit"))
    counts->time_limit++;
  else if (g_str_equal (pspec->name, "volume"))
    counts->volume++;
  else if (g_str_equal (pspec->name, "computer-strength"))
    counts->strength++;
  else if (g_str_equal (pspec->name, "claim-time-limit"))
    counts->claim_limit++;
  else if (g_str_equal (pspec->name, "ai-speed"))
    counts->ai_speed++;
  else
    g_assert_not_reached ();
}

static gboolean
on_timeout (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets GSettings deliver change signals from other instances (they may come from an idle). */
static void
spin_main_loop (guint *counter,
                guint  until)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (200, on_timeout, &timed_out);

  while (!timed_out && (counter == NULL || *counter < until))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
}

static void
test_defaults (void)
{
  g_autoptr(ParlorSettings) settings = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();

  /* The schema's defaults. */
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "");
  g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, 60);
  g_assert_cmpuint (parlor_settings_get_volume (settings), ==, 70);
  g_assert_cmpuint (parlor_settings_get_computer_strength (settings), ==, 1);
  g_assert_cmpuint (parlor_settings_get_claim_time_limit (settings), ==, 8);
  g_assert_cmpstr (parlor_settings_get_ai_speed (settings), ==, "normal");
  g_assert_true (G_IS_SETTINGS (parlor_settings_get_settings (settings)));
}

static void
test_persistence (void)
{
  ParlorSettings *first;
  ParlorSettings *second;
  g_autoptr(GSettings) raw = NULL;
  g_autofree char *name = NULL;
  guint time_limit = 0, volume = 0, strength = 0, claim_limit = 0;

  reset_all_keys ();
  first = parlor_settings_new ();
  g_assert_true (parlor_settings_set_player_name (first, "Alice", NULL));
  g_assert_true (parlor_settings_set_time_limit (first, 120));
  g_assert_true (parlor_settings_set_volume (first, 35));
  g_assert_true (parlor_settings_set_computer_strength (first, 3));
  g_assert_true (parlor_settings_set_claim_time_limit (first, 12));
  g_assert_true (parlor_settings_set_ai_speed (first, "fast"));
  g_assert_finalize_object (first);

  second = parlor_settings_new ();
  g_object_get (second,
                "player-name", &name,
                "time-limit", &time_limit,
                "volume", &volume,
                "computer-strength", &strength,
                "claim-time-limit", &claim_limit,
                NULL);
  g_assert_cmpstr (name, ==, "Alice");
  g_assert_cmpuint (time_limit, ==, 120);
  g_assert_cmpuint (volume, ==, 35);
  g_assert_cmpuint (strength, ==, 3);
  g_assert_cmpuint (claim_limit, ==, 12);
  g_assert_cmpstr (parlor_settings_get_ai_speed (second), ==, "fast");

  /* Stored in GSettings itself, where g_settings_bind() sees it. */
  raw = g_settings_new (APP_ID);
  g_assert_cmpuint (g_settings_get_uint (raw, "volume"), ==, 35);
  g_assert_finalize_object (second);
}

typedef struct
{
  const char *name;
  const char *stored;  /* NULL: rejected */
} NameCase;

static const NameCase name_cases[] = {
  { "A", "A" },
  { "Alice", "Alice" },
  { "  Bob  ", "Bob" },
  { "Mary Ann", "Mary Ann" },
  { "abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx" },             /* 24 */
  { " abcdefghijklmnopqrstuvwx ", "abcdefghijklmnopqrstuvwx" },
  { "\xe6\x9d\x8e\xe5\xb0\x8f\xe9\xbe\x99", "\xe6\x9d\x8e\xe5\xb0\x8f\xe9\xbe\x99" }, /* 李小龙 */
  { "\xea\xb9\x80\xec\xb2\xa0\xec\x88\x98", "\xea\xb9\x80\xec\xb2\xa0\xec\x88\x98" }, /* 김철수 */
  { "\xe3\x80\x80Zo\xc3\xab\xe3\x80\x80", "Zo\xc3\xab" },  /* ideographic spaces around Zoë */
  /* 👩‍👧: ZERO WIDTH JOINER is a format character, not a control character. */
  { "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7", "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7" },
  { "", NULL },
  { "   ", NULL },
  { "\xe3\x80\x80", NULL },
  { "abcdefghijklmnopqrstuvwxy", NULL },                                    /* 25 */
  { "Tab\there", NULL },
  { "Line\nbreak", NULL },
  { "Bob\r", NULL },
  { "bell\a", NULL },
  { "del\x7f", NULL },
  { "c1\xc2\x85", NULL },                        /* NEXT LINE (U+0085) */
  { "sep\xe2\x80\xa8", NULL },                   /* LINE SEPARATOR */
  { "para\xe2\x80\xa9", NULL },                  /* PARAGRAPH SEPARATOR */
  { "\xe2\x80\xae" "evE", NULL },                /* RIGHT-TO-LEFT OVERRIDE */
  { "iso\xe2\x81\xa6x", NULL },                  /* LEFT-TO-RIGHT ISOLATE */
  { "bad\xff", NULL },
  { "\xc3", NULL },
};

static char *
repeat_utf8 (const char *unit,
             guint       n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (s, unit);
  return g_string_free (s, FALSE);
}

static void
check_name (ParlorSettings *settings,
            GSettings      *raw,
            const char     *name,
            const char     *expected_stored)
{
  NotifyCounts counts = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *message = parlor_settings_validate_name (name);
  g_autofree char *before = g_settings_get_string (raw, "player-name");
  g_autofree char *after = NULL;
  gulong id;
  gboolean ok;

  id = g_signal_connect (settings, "notify", G_CALLBACK (on_notify), &counts);
  ok = parlor_settings_set_player_name (settings, name, &error);
  g_signal_handler_disconnect (settings, id);
  after = g_settings_get_string (raw, "player-name");

  if (expected_stored != NULL)
    {
      g_assert_null (message);
      g_assert_no_error (error);
      g_assert_true (ok);
      g_assert_cmpstr (after, ==, expected_stored);
      g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, expected_stored);
      g_assert_cmpuint (counts.player_name, ==, g_strcmp0 (before, expected_stored) != 0);
    }
  else
    {
      g_assert_nonnull (message);
      g_assert_cmpstr (message, !=, "");
      g_assert_false (ok);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_cmpstr (error->message, ==, message);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpuint (counts.player_name, ==, 0);
    }
}

static void
test_name_validation (void)
{
  g_autoptr(ParlorSettings) settings = NULL;
  g_autoptr(GSettings) raw = g_settings_new (APP_ID);
  g_autofree char *hanzi24 = repeat_utf8 ("\xe9\xba\xbb", 24);  /* 麻 × 24 */
  g_autofree char *hanzi25 = repeat_utf8 ("\xe9\xba\xbb", 25);
  g_autofree char *message = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();
  g_assert_true (parlor_settings_set_player_name (settings, "Previous", NULL));

  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    {
      g_test_message ("name case %u", i);
      check_name (settings, raw, name_cases[i].name, name_cases[i].stored);
      /* After a valid one, rejected names must still leave the last good name. */
      g_assert_true (parlor_settings_set_player_name (settings, "Previous", NULL));
    }

  /* Characters are counted, not bytes. */
  check_name (settings, raw, hanzi24, hanzi24);
  check_name (settings, raw, hanzi25, NULL);

  message = parlor_settings_validate_name (NULL);
  g_assert_nonnull (message);

  /* Setting the same name again is no change. */
  check_name (settings, raw, "Same", "Same");
  check_name (settings, raw, "Same", "Same");

  /* NULL goes back to the account's name. */
  g_assert_true (parlor_settings_set_player_name (settings, NULL, NULL));
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "");
}

/* Independent statement of the rule, for the random test below. */
static gboolean
forbidden (gunichar c)
{
  return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029
         || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* A typed name: white space at the ends does not count. */
static gboolean
raw_name_is_acceptable (const char *name)
{
  glong n = 0, first = -1, last = -1;

  if (!g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (forbidden (c))
        return FALSE;
      if (!g_unichar_isspace (c))
        {
          if (first < 0)
            first = n;
          last = n;
        }
    }
  return first >= 0 && last - first + 1 <= 24;
}

/* A stored name: also no white space at the ends. */
static gboolean
name_is_acceptable (const char *name)
{
  return raw_name_is_acceptable (name)
         && !g_unichar_isspace (g_utf8_get_char (name))
         && !g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (name + strlen (name))));
}

static void
test_name_sanitize_random (void)
{
  static const char *const pieces[] = {
    "a", "Z", " ", "  ", "\t", "\n", "\x01", "\x7f", "\xff", "\xc3", "\xc3\xa9",
    "\xea\xb0\x80", "\xe2\x80\xa8", "\xe2\x80\xae", "\xe3\x80\x80", "\xf0\x9f\x8e\xb2",
    "\xc2\x85", "-", "\xe2\x80\x8d",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261121);

  for (guint round = 0; round < 5000; round++)
    {
      g_autoptr(GString) input = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 40);
      g_autofree char *clean = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (input, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);

      clean = parlor_settings_sanitize_name (input->str);
      if (clean != NULL)
        {
          g_autofree char *message = parlor_settings_validate_name (clean);
          g_autofree char *again = parlor_settings_sanitize_name (clean);

          g_assert_true (name_is_acceptable (clean));
          g_assert_null (message);
          g_assert_cmpstr (again, ==, clean);
        }
      else
        {
          /* Nothing was left: the input had no printable, non-space character. */
          g_autofree char *message = parlor_settings_validate_name (input->str);

          g_assert_nonnull (message);
        }
      /* Validation agrees with the independent rule on the raw input. */
      {
        g_autofree char *message = parlor_settings_validate_name (input->str);

        g_assert_cmpint (message == NULL, ==, raw_name_is_acceptable (input->str));
      }
    }
}

static void
test_name_sanitize_table (void)
{
  static const struct {
    const char *input;
    const char *expected;  /* NULL: nothing usable */
  } cases[] = {
    { "Alice", "Alice" },
    { "  a\tb  ", "a b" },
    { "Jos\xe9", "Jos" },                       /* Latin-1 bytes in a broken account entry */
    { "Jos\xe9 Garc\xed" "a", "Jos  Garc a" },
    { "\xff\xfe", NULL },
    { "\n\r\t ", NULL },
    { "", NULL },
    { NULL, NULL },
    { "line\xe2\x80\xa8sep", "line sep" },
    { "\xe2\x80\xae" "evil", "evil" },
    { "abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwx" },
    { "abcdefghijklmnopqrstuvw yz", "abcdefghijklmnopqrstuvw" },  /* cut, then stripped */
    { "\xe9\xba\xbb\xe5\xb0\x86", "\xe9\xba\xbb\xe5\xb0\x86" },  /* 麻将 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *clean = parlor_settings_sanitize_name (cases[i].input);

      g_test_message ("sanitize case %u", i);
      g_assert_cmpstr (clean, ==, cases[i].expected);
    }
}

static void
test_name_corrupt_stored (void)
{
  g_autoptr(GSettings) raw = g_settings_new (APP_ID);
  g_autoptr(ParlorSettings) settings = NULL;
  g_autofree char *effective = NULL;
  g_autofree char *fallback = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();
  fallback = parlor_settings_get_effective_name (settings);

  g_assert_true (g_settings_set_string (raw, "player-name", "Eve\tand\nMallory"));
  spin_main_loop (NULL, 0);
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "Eve and Mallory");

  g_assert_true (g_settings_set_string (raw, "player-name", "  0123456789012345678901234567890 "));
  spin_main_loop (NULL, 0);
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "012345678901234567890123");

  /* Nothing usable: the game falls back to the account's real name, or "Player". */
  g_assert_true (g_settings_set_string (raw, "player-name", "\t\n \x01"));
  spin_main_loop (NULL, 0);
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "");
  effective = parlor_settings_get_effective_name (settings);
  g_assert_cmpstr (effective, ==, fallback);
}

static void
test_effective_name (void)
{
  g_autoptr(ParlorSettings) settings = NULL;
  g_autofree char *unset = NULL;
  g_autofree char *chosen = NULL;
  g_autofree char *message = NULL;
  g_autofree char *again = NULL;
  const char *real_name = g_get_real_name ();

  reset_all_keys ();
  settings = parlor_settings_new ();
  unset = parlor_settings_get_effective_name (settings);
  message = parlor_settings_validate_name (unset);
  g_assert_null (message);
  g_assert_cmpstr (unset, !=, "");
  /* An account with a plain real name gives that name; the login name is never used. */
  if (g_strcmp0 (real_name, "Unknown") != 0 && g_strcmp0 (real_name, g_get_user_name ()) != 0 &&
      name_is_acceptable (real_name))
    g_assert_cmpstr (unset, ==, real_name);
  else if (g_strcmp0 (real_name, "Unknown") == 0 || g_strcmp0 (real_name, g_get_user_name ()) == 0)
    g_assert_cmpstr (unset, ==, "Player");
  g_assert_cmpstr (unset, !=, g_get_user_name ());

  g_assert_true (parlor_settings_set_player_name (settings, "Zo\xc3\xab", NULL));
  chosen = parlor_settings_get_effective_name (settings);
  g_assert_cmpstr (chosen, ==, "Zo\xc3\xab");

  g_assert_true (parlor_settings_set_player_name (settings, NULL, NULL));
  again = parlor_settings_get_effective_name (settings);
  g_assert_cmpstr (again, ==, unset);
}

typedef struct
{
  guint    seconds;
  gboolean accepted;
  guint    stored;
} UintCase;

static void
test_time_limit (void)
{
  /* From the rule: 0 = off, 1–9 become 10, 10–300 as is, above 300 rejected. */
  static const UintCase cases[] = {
    { 0, TRUE, 0 }, { 1, TRUE, 10 }, { 9, TRUE, 10 }, { 10, TRUE, 10 }, { 11, TRUE, 11 },
    { 60, TRUE, 60 }, { 299, TRUE, 299 }, { 300, TRUE, 300 }, { 301, FALSE, 0 },
    { 1000, FALSE, 0 }, { G_MAXUINT, FALSE, 0 },
  };
  g_autoptr(GSettings) raw = g_settings_new (APP_ID);
  g_autoptr(ParlorSettings) settings = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint before = g_settings_get_uint (raw, "time-limit");

      g_test_message ("time limit %u", cases[i].seconds);
      g_assert_cmpint (parlor_settings_set_time_limit (settings, cases[i].seconds), ==,
                       cases[i].accepted);
      if (cases[i].accepted)
        {
          g_assert_cmpuint (g_settings_get_uint (raw, "time-limit"), ==, cases[i].stored);
          g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, cases[i].stored);
        }
      else
        {
          g_assert_cmpuint (g_settings_get_uint (raw, "time-limit"), ==, before);
          g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, before);
        }
    }

  /* A stored 1–9 (allowed by the schema's range) is read as 10. */
  for (guint stored = 0; stored <= 12; stored++)
    {
      guint expected = stored == 0 ? 0 : MAX (stored, 10);
      g_autoptr(ParlorSettings) fresh = NULL;

      g_assert_true (g_settings_set_uint (raw, "time-limit", stored));
      fresh = parlor_settings_new ();
      g_assert_cmpuint (parlor_settings_get_time_limit (fresh), ==, expected);
    }

  for (guint s = 0; s < 1000; s++)
    {
      guint n = parlor_settings_normalize_time_limit (s);

      g_assert_true (n == 0 || (n >= 10 && n <= 300));
      if (s == 0 || (s >= 10 && s <= 300))
        g_assert_cmpuint (n, ==, s);
    }
  g_assert_cmpuint (parlor_settings_normalize_time_limit (G_MAXUINT), ==, 300);
}

static void
test_volume (void)
{
  static const UintCase cases[] = {
    { 0, TRUE, 0 }, { 1, TRUE, 1 }, { 50, TRUE, 50 }, { 100, TRUE, 100 },
    { 101, FALSE, 0 }, { G_MAXUINT, FALSE, 0 },
  };
  g_autoptr(GSettings) raw = g_settings_new (APP_ID);
  g_autoptr(ParlorSettings) settings = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint before = g_settings_get_uint (raw, "volume");
      guint expected = cases[i].accepted ? cases[i].stored : before;

      g_assert_cmpint (parlor_settings_set_volume (settings, cases[i].seconds), ==,
                       cases[i].accepted);
      g_assert_cmpuint (g_settings_get_uint (raw, "volume"), ==, expected);
      g_assert_cmpuint (parlor_settings_get_volume (settings), ==, expected);
    }
}

static void
test_choices (void)
{
  static const struct {
    const char *key;
    const char *value;
    gboolean    accepted;
  } cases[] = {
    { "ai-speed", "", FALSE },
    { "ai-speed", "Normal", FALSE },
    { "ai-speed", "nor\xffmal", FALSE },
    { "ai-speed", "slow", TRUE },
    { "ai-speed", "fast", TRUE },
    { "ai-speed", "normal", TRUE },
    { "ai-speed", "medium", FALSE },
    { "ai-speed", "strong", FALSE },
  };
  g_autoptr(GSettings) raw = g_settings_new (APP_ID);
  g_autoptr(ParlorSettings) settings = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *before = g_settings_get_string (raw, cases[i].key);
      g_autofree char *after = NULL;
      gboolean ok;

      ok = parlor_settings_set_ai_speed (settings, cases[i].value);
      g_assert_cmpint (ok, ==, cases[i].accepted);
      after = g_settings_get_string (raw, cases[i].key);
      g_assert_cmpstr (after, ==, cases[i].accepted ? cases[i].value : before);
      g_assert_cmpstr (parlor_settings_get_ai_speed (settings), ==, after);
    }
}

static void
test_strength_and_claim_limit (void)
{
  static const struct {
    guint    value;
    gboolean accepted;
    guint    stored;
  } strengths[] = {
    { 0, TRUE, 0 }, { 3, TRUE, 3 }, { 2, TRUE, 2 }, { 4, FALSE, 0 }, { G_MAXUINT, FALSE, 0 },
  }, claims[] = {
    { 0, TRUE, 0 }, { 1, TRUE, 3 }, { 2, TRUE, 3 }, { 3, TRUE, 3 }, { 60, TRUE, 60 },
    { 61, FALSE, 0 }, { 9, TRUE, 9 },
  };
  g_autoptr(GSettings) raw = g_settings_new (APP_ID);
  g_autoptr(ParlorSettings) settings = NULL;

  reset_all_keys ();
  settings = parlor_settings_new ();
  for (guint i = 0; i < G_N_ELEMENTS (strengths); i++)
    {
      guint before = g_settings_get_uint (raw, "computer-strength");
      guint expected = strengths[i].accepted ? strengths[i].stored : before;

      g_assert_cmpint (parlor_settings_set_computer_strength (settings, strengths[i].value), ==,
                       strengths[i].accepted);
      g_assert_cmpuint (g_settings_get_uint (raw, "computer-strength"), ==, expected);
      g_assert_cmpuint (parlor_settings_get_computer_strength (settings), ==, expected);
    }
  for (guint i = 0; i < G_N_ELEMENTS (claims); i++)
    {
      guint before = g_settings_get_uint (raw, "claim-time-limit");
      guint expected = claims[i].accepted ? claims[i].stored : before;

      g_assert_cmpint (parlor_settings_set_claim_time_limit (settings, claims[i].value), ==,
                       claims[i].accepted);
      g_assert_cmpuint (g_settings_get_uint (raw, "claim-time-limit"), ==, expected);
      g_assert_cmpuint (parlor_settings_get_claim_time_limit (settings), ==, expected);
    }

  /* One strength, each game's own level: the weakest and strongest ends meet. */
  for (const ParlorGameInfo * const *games = parlor_games_list (); *games != NULL; games++)
    {
      const ParlorGameInfo *info = *games;
      guint n = g_strv_length ((char **) info->ai_levels);

      g_assert_cmpstr (parlor_game_info_level_for_strength (info, 0), ==, info->ai_levels[0]);
      g_assert_cmpstr (parlor_game_info_level_for_strength (info, PARLOR_STRENGTH_MAX), ==,
                       info->ai_levels[n - 1]);
      g_assert_cmpstr (parlor_game_info_level_for_strength (info, 99), ==, info->ai_levels[n - 1]);
    }
  g_assert_cmpstr (parlor_game_info_level_for_strength (&triad_game_info, 1), ==, "medium");
  g_assert_cmpstr (parlor_game_info_level_for_strength (&triad_game_info, 2), ==, "hard");
  g_assert_cmpstr (parlor_game_info_level_for_strength (&manhattan_game_info, 1), ==, "normal");
}

static void
test_notify (void)
{
  g_autoptr(ParlorSettings) settings = NULL;
  g_autoptr(ParlorSettings) other = NULL;
  NotifyCounts counts = { 0 };

  reset_all_keys ();
  settings = parlor_settings_new ();
  other = parlor_settings_new ();
  g_signal_connect (settings, "notify", G_CALLBACK (on_notify), &counts);

  /* Same as the default: no change, no signal. */
  g_assert_true (parlor_settings_set_volume (settings, 70));
  g_assert_true (parlor_settings_set_time_limit (settings, 60));
  g_object_set (settings, "computer-strength", 1, "ai-speed", "normal", NULL);
  spin_main_loop (NULL, 0);
  g_assert_cmpuint (counts.volume + counts.time_limit + counts.strength + counts.ai_speed, ==, 0);

  g_assert_true (parlor_settings_set_volume (settings, 20));
  g_assert_cmpuint (counts.volume, ==, 1);
  g_object_set (settings, "volume", 20, NULL);
  g_object_set (settings, "computer-strength", 3, NULL);
  g_object_set (settings, "time-limit", 90, NULL);
  g_object_set (settings, "player-name", "Carol", NULL);
  spin_main_loop (NULL, 0);
  g_assert_cmpuint (counts.volume, ==, 1);
  g_assert_cmpuint (counts.strength, ==, 1);
  g_assert_cmpuint (counts.time_limit, ==, 1);
  g_assert_cmpuint (counts.player_name, ==, 1);

  /* Invalid values through properties are ignored quietly. */
  g_object_set (settings, "player-name", "", "ai-speed", "bogus", NULL);
  g_object_set (settings, "ai-speed", NULL, NULL);
  spin_main_loop (NULL, 0);
  g_assert_cmpuint (counts.player_name, ==, 1);
  g_assert_cmpuint (counts.strength, ==, 1);
  g_assert_cmpuint (counts.ai_speed, ==, 0);
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "Carol");
  g_assert_cmpuint (parlor_settings_get_computer_strength (settings), ==, 3);

  /* A change made by another instance arrives through GSettings. */
  g_assert_true (parlor_settings_set_volume (other, 45));
  spin_main_loop (&counts.volume, 2);
  g_assert_cmpuint (counts.volume, ==, 2);
  g_assert_cmpuint (parlor_settings_get_volume (settings), ==, 45);

  /* 10 and a stored 5 read the same: no notification for the second. */
  g_assert_true (parlor_settings_set_time_limit (other, 10));
  spin_main_loop (&counts.time_limit, 2);
  g_assert_cmpuint (counts.time_limit, ==, 2);
  g_assert_true (g_settings_set_uint (parlor_settings_get_settings (other), "time-limit", 5));
  spin_main_loop (NULL, 0);
  g_assert_cmpuint (counts.time_limit, ==, 2);
  g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, 10);

  g_signal_handlers_disconnect_by_data (settings, &counts);
}

/* Values outside the schema (a hand-edited or damaged store) never crash and
 * are read as valid values. */
static void
test_corrupt_keyfile (void)
{
  static const char contents[] =
    "[parlor]\n"
    "player-name='\\t\\tEve\\nX'\n"
    "time-limit=uint32 999\n"
    "volume=uint32 500\n"
    "computer-strength=uint32 77\n"
    "claim-time-limit=uint32 1000\n"
    "ai-speed=42\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("parlor-settings-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) gsettings = NULL;
  ParlorSettings *settings;
  guint time_limit;

  g_assert_no_error (error);
  path = g_build_filename (dir, "settings.ini", NULL);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);

  backend = g_keyfile_settings_backend_new (path, "/io/github/parlorgames/Parlor/", "parlor");
  gsettings = g_settings_new_with_backend (APP_ID, backend);
  settings = parlor_settings_new_for_settings (gsettings);

  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "Eve X");
  time_limit = parlor_settings_get_time_limit (settings);
  g_assert_true (time_limit == 0 || (time_limit >= 10 && time_limit <= 300));
  g_assert_cmpuint (parlor_settings_get_volume (settings), <=, 100);
  g_assert_cmpuint (parlor_settings_get_computer_strength (settings), <=, PARLOR_STRENGTH_MAX);
  g_assert_cmpuint (parlor_settings_get_claim_time_limit (settings), <=, 60);
  g_assert_cmpstr (parlor_settings_get_ai_speed (settings), ==, "normal");

  /* It still takes good values. */
  g_assert_true (parlor_settings_set_volume (settings, 10));
  g_assert_cmpuint (parlor_settings_get_volume (settings), ==, 10);

  g_assert_finalize_object (settings);
  g_clear_object (&gsettings);
  g_clear_object (&backend);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/settings/defaults", test_defaults);
  g_test_add_func ("/settings/persistence/two-instances", test_persistence);
  g_test_add_func ("/settings/name/validation", test_name_validation);
  g_test_add_func ("/settings/name/sanitize", test_name_sanitize_table);
  g_test_add_func ("/settings/name/sanitize-random", test_name_sanitize_random);
  g_test_add_func ("/settings/name/corrupt-stored", test_name_corrupt_stored);
  g_test_add_func ("/settings/name/effective", test_effective_name);
  g_test_add_func ("/settings/time-limit", test_time_limit);
  g_test_add_func ("/settings/volume", test_volume);
  g_test_add_func ("/settings/choices", test_choices);
  g_test_add_func ("/settings/strength-and-claim-limit", test_strength_and_claim_limit);
  g_test_add_func ("/settings/notify/real-change-only", test_notify);
  g_test_add_func ("/settings/corrupt-keyfile", test_corrupt_keyfile);

  return g_test_run ();
}
