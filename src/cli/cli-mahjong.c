/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli-commands.h"
#include "mahjong-mcr.h"
#include "mahjong-shape.h"
#include "mahjong-tile.h"
#include "parlor-rng.h"

static gboolean
parse_wind (const char *word,
            guint8     *wind,
            GError    **error)
{
  static const char winds[] = "ESWN";
  const char *p = word[0] != '\0' && word[1] == '\0' ? strchr (winds, word[0]) : NULL;

  if (p == NULL)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("“%s” is not a wind: use E, S, W or N"), word);
      return FALSE;
    }
  *wind = (guint8) (p - winds);
  return TRUE;
}

/* HAND FLAGS PREVALENT SEAT FLOWERS */
static gboolean
parse_fan_line (const char   *line,
                MahjongHand  *hand,
                McrSituation *sit,
                GError      **error)
{
  g_auto(GStrv) raw = g_strsplit_set (line, " \t\r", -1);
  const char *w[6];
  guint n = 0;
  guint64 flowers;

  for (guint i = 0; raw[i] != NULL; i++)
    if (raw[i][0] != '\0')
      {
        if (n == 5)
          {
            g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                         _("Too many fields: expected HAND FLAGS PREVALENT SEAT FLOWERS"));
            return FALSE;
          }
        w[n++] = raw[i];
      }
  if (n != 5)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                   _("Expected 5 fields (HAND FLAGS PREVALENT SEAT FLOWERS), got %u"), n);
      return FALSE;
    }
  if (!mahjong_hand_parse (w[0], hand, error))
    return FALSE;
  memset (sit, 0, sizeof *sit);
  if (!mcr_flags_parse (w[1], &sit->flags, error)
      || !parse_wind (w[2], &sit->prevalent_wind, error)
      || !parse_wind (w[3], &sit->seat_wind, error))
    return FALSE;
  if (!g_ascii_string_to_unsigned (w[4], 10, 0, 8, &flowers, NULL))
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("Flowers must be a number from 0 to 8, not “%s”"), w[4]);
      return FALSE;
    }
  sit->flowers = (guint8) flowers;
  return TRUE;
}

/* Microseconds of CPU time of this thread: the rate of one core, even on a busy machine. */
static gint64
cpu_usec (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
blank_line (const char *line)
{
  for (; *line != '\0'; line++)
    if (!g_ascii_isspace (*line))
      return *line == '#';
  return TRUE;
}

static int
fan_stdin (void)
{
  char buf[8192];

  while (fgets (buf, sizeof buf, stdin) != NULL)
    {
      g_autoptr(GError) error = NULL;
      MahjongHand hand;
      McrSituation sit;
      McrResult res;
      gsize len = strlen (buf);

      if (len > 0 && buf[len - 1] == '\n')
        buf[--len] = '\0';
      else if (len == sizeof buf - 1)
        {
          int c;

          while ((c = getchar ()) != EOF && c != '\n')
            ;
          printf ("error: %s\n", _("The line is too long"));
          fflush (stdout);
          continue;
        }
      if (blank_line (buf))
        continue;
      if (!g_utf8_validate (buf, -1, NULL))
        {
          printf ("error: %s\n", _("The line is not valid UTF-8 text"));
        }
      else if (!parse_fan_line (buf, &hand, &sit, &error) || !mcr_score (&hand, &sit, &res, &error))
        {
          printf ("error: %s\n", error->message);
        }
      else
        {
          g_autofree char *list = mcr_result_to_string (&res);

          printf ("%d\t%s\n", res.total, list);
        }
      fflush (stdout);
    }
  return 0;
}

static int
fan_bench (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GArray) hands = g_array_new (FALSE, FALSE, sizeof (MahjongHand));
  g_autoptr(GArray) sits = g_array_new (FALSE, FALSE, sizeof (McrSituation));
  gint64 start, now, wall;
  guint64 scored = 0;
  int checksum = 0;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return 1;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      MahjongHand hand;
      McrSituation sit;
      McrResult res;

      if (blank_line (lines[i]))
        continue;
      if (!parse_fan_line (lines[i], &hand, &sit, NULL) || !mcr_score (&hand, &sit, &res, NULL))
        {
          fprintf (stderr, "parlor-cli: skipping line %u of %s\n", i + 1, path);
          continue;
        }
      g_array_append_val (hands, hand);
      g_array_append_val (sits, sit);
    }
  if (hands->len == 0)
    {
      fprintf (stderr, "parlor-cli: %s has no hand to score\n", path);
      return 1;
    }

  wall = g_get_monotonic_time ();
  start = now = cpu_usec ();
  while (now - start < 2 * G_USEC_PER_SEC && g_get_monotonic_time () - wall < 10 * G_USEC_PER_SEC)
    {
      for (guint i = 0; i < hands->len; i++)
        {
          McrResult res;

          mcr_score (&g_array_index (hands, MahjongHand, i),
                     &g_array_index (sits, McrSituation, i), &res, NULL);
          checksum += res.total;
        }
      scored += hands->len;
      now = cpu_usec ();
    }
  printf ("hands/s %.0f\n", scored * (double) G_USEC_PER_SEC / (double) (now - start));
  g_debug ("checksum %d", checksum);
  return 0;
}

static void
random_hand (ParlorRng *rng,
             guint8     counts[MAHJONG_N_KINDS])
{
  guint8 wall[136];

  for (guint i = 0; i < 136; i++)
    wall[i] = (guint8) (i / 4);
  memset (counts, 0, MAHJONG_N_KINDS);
  for (guint i = 0; i < 14; i++)
    {
      guint j = i + parlor_rng_below (rng, 136 - i);
      guint8 t = wall[j];

      wall[j] = wall[i];
      wall[i] = t;
      counts[t]++;
    }
}

static int
shanten_bench (void)
{
  enum { N_HANDS = 4096 };
  static guint8 hands[N_HANDS][MAHJONG_N_KINDS];
  ParlorRng rng;
  gint64 start, now;
  guint64 done = 0, regular_done = 0;
  int sum = 0;

  parlor_rng_init (&rng, 20261121, 7);
  for (guint i = 0; i < N_HANDS; i++)
    random_hand (&rng, hands[i]);
  /* warm the per-suit tables */
  for (guint i = 0; i < N_HANDS; i++)
    sum += mahjong_shanten (hands[i], 0, NULL);

  start = now = cpu_usec ();
  while (now - start < G_USEC_PER_SEC)
    {
      for (guint i = 0; i < N_HANDS; i++)
        sum += mahjong_shanten (hands[i], 0, NULL);
      done += N_HANDS;
      now = cpu_usec ();
    }
  printf ("shanten/s (all forms) %.0f\n", done * (double) G_USEC_PER_SEC / (double) (now - start));

  start = now = cpu_usec ();
  while (now - start < G_USEC_PER_SEC)
    {
      for (guint i = 0; i < N_HANDS; i++)
        sum += mahjong_shanten_form (hands[i], 0, MAHJONG_FORM_REGULAR);
      regular_done += N_HANDS;
      now = cpu_usec ();
    }
  printf ("shanten/s (regular) %.0f\n",
          regular_done * (double) G_USEC_PER_SEC / (double) (now - start));
  g_debug ("checksum %d", sum);
  return 0;
}

static int
shanten_command (const char *text)
{
  g_autoptr(GError) error = NULL;
  MahjongHand hand;
  int forms[MAHJONG_N_FORMS];
  MahjongEffective eff[MAHJONG_N_KINDS];
  int best;
  guint n;

  if (!mahjong_hand_parse (text, &hand, &error))
    {
      printf ("error: %s\n", error->message);
      return 1;
    }
  best = mahjong_shanten (hand.counts, hand.n_melds, forms);
  for (guint f = 0; f < MAHJONG_N_FORMS; f++)
    {
      if (forms[f] == MAHJONG_SHANTEN_NONE)
        printf ("%s -\n", mahjong_form_name ((MahjongForm) f));
      else
        printf ("%s %d\n", mahjong_form_name ((MahjongForm) f), forms[f]);
    }
  printf ("shanten %d\n", best);

  n = mahjong_effective_tiles (&hand, NULL, eff);
  for (guint i = 0; i < n; i++)
    {
      char buf[3];

      if (eff[i].shanten != eff[0].shanten)
        break;
      if (eff[i].discard != MAHJONG_NO_TILE)
        printf ("discard %s ", mahjong_tile_to_string (eff[i].discard, buf));
      printf ("shanten %d tiles %u:", eff[i].shanten, eff[i].n_tiles);
      for (guint k = 0; k < eff[i].n_kinds; k++)
        printf (" %s", mahjong_tile_to_string (eff[i].kinds[k], buf));
      printf ("\n");
    }
  return 0;
}

static int
usage (void)
{
  fprintf (stderr,
           "Usage: parlor-cli mcr fan              (lines HAND FLAGS PREVALENT SEAT FLOWERS on standard input)\n"
           "       parlor-cli mcr fan --bench FILE\n"
           "       parlor-cli mcr shanten HAND\n"
           "       parlor-cli mcr shanten --bench\n");
  return 2;
}

/* Parses the options of "mcr fan" or "mcr shanten" (argv[0] is the subcommand). */
static gboolean
parse_options (const char   *summary,
               GOptionEntry *entries,
               int          *argc,
               char       ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (summary);
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "parlor-cli: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

int
parlor_cli_mcr (int    argc,
                char **argv)
{
  int sub_argc = argc - 1;
  char **sub_argv = argv + 1;

  if (argc >= 2 && g_str_equal (argv[1], "fan"))
    {
      g_autofree char *bench = NULL;
      GOptionEntry entries[] = {
        { "bench", 0, 0, G_OPTION_ARG_FILENAME, &bench, "Score the hands of FILE for a while and print hands/s", "FILE" },
        { NULL }
      };

      if (!parse_options ("- score MCR hands: lines HAND FLAGS PREVALENT SEAT FLOWERS on standard input",
                          entries, &sub_argc, &sub_argv) || sub_argc != 1)
        return usage ();
      return bench != NULL ? fan_bench (bench) : fan_stdin ();
    }
  if (argc >= 2 && g_str_equal (argv[1], "shanten"))
    {
      gboolean bench = FALSE;
      GOptionEntry entries[] = {
        { "bench", 0, 0, G_OPTION_ARG_NONE, &bench, "Time shanten on random hands", NULL },
        { NULL }
      };

      if (!parse_options ("[HAND] - shanten and effective tiles of a hand", entries, &sub_argc,
                          &sub_argv))
        return usage ();
      if (bench && sub_argc == 1)
        return shanten_bench ();
      if (!bench && sub_argc == 2)
        return shanten_command (sub_argv[1]);
      return usage ();
    }
  return usage ();
}
