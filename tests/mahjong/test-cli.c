/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs parlor-cli mcr (path in argv[1]) on the hand-worked hands and bad lines. */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "mcr-spec.h"

static const char *cli_path;
static SpecTable table;

static char *
run_cli (const char *const *args,
         const char        *input,
         int               *status)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char *const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, input, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (proc);
  return out;
}

static void
test_fan_lines (void)
{
  static const char *const args[] = { "mcr", "fan", NULL };
  g_autofree char *path = g_build_filename (MAHJONG_TEST_DATA, "mcr-hands.txt", NULL);
  g_autoptr(GPtrArray) hands = spec_hands_load (&table, path);
  g_autoptr(GString) input = g_string_new (NULL);
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  int status;
  guint k = 0;

  /* tabs or spaces; a bad line in between does not stop the rest */
  for (guint i = 0; i < hands->len; i++)
    {
      SpecHand *h = hands->pdata[i];

      if (i % 2 == 0)
        {
          g_autofree char *tabbed = g_strdup (h->input);

          g_strdelimit (tabbed, " ", '\t');
          g_string_append_printf (input, "%s\n", tabbed);
        }
      else
        g_string_append_printf (input, "  %s \n", h->input);
      if (i % 10 == 5)
        g_string_append (input, "123m456p789s1234sE discard E E 0\n");
    }
  g_string_append (input, "\n[123m1 discard E E 0\n");
  g_string_append (input, "123m456p789s11s22s discard X E 0\n");
  g_string_append (input, "123m456p789s11s22s discard E E 9\n");
  g_string_append (input, "123m456p789s11s22s discard E E\n");
  g_string_append (input, "123m456p789s11s22s tsumo E E 0\n");
  g_string_append (input, "123m456p789s11s22s self_drawn S W 1");

  out = run_cli (args, input->str, &status);
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; i < hands->len; i++)
    {
      SpecHand *h = hands->pdata[i];

      g_assert_cmpstr (lines[k], ==, h->expected);
      k++;
      if (i % 10 == 5)
        {
          g_assert_true (g_str_has_prefix (lines[k], "error: "));
          k++;
        }
    }
  for (guint i = 0; i < 5; i++)
    {
      g_assert_true (g_str_has_prefix (lines[k], "error: "));
      g_assert_cmpuint (strlen (lines[k]), >, 12);
      k++;
    }
  /* 13 tiles, on a last line without a newline */
  g_assert_true (g_str_has_prefix (lines[k], "error: "));
  k++;
  g_assert_cmpstr (lines[k], ==, "");
  g_assert_null (lines[k + 1]);
}

static void
test_shanten_command (void)
{
  static const char *const args[] = { "mcr", "shanten", "123m456p789s1233s9m", NULL };
  static const char *const bad[] = { "mcr", "shanten", "123m[", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err_out = NULL;
  int status;

  out = run_cli (args, "", &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "regular 0\n"));
  g_assert_nonnull (strstr (out, "seven-pairs 5\n"));
  g_assert_nonnull (strstr (out, "shanten 0\n"));
  g_assert_nonnull (strstr (out, "discard 3s shanten 0 tiles 3: 9m\n"));
  g_assert_nonnull (strstr (out, "discard 9m shanten 0 tiles 2: 3s\n"));

  err_out = run_cli (bad, "", &status);
  g_assert_cmpint (status, !=, 0);
  g_assert_true (g_str_has_prefix (err_out, "error: "));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: test-mahjong-cli PATH-TO-PARLOR-CLI\n");
      return 1;
    }
  cli_path = argv[1];
  spec_table_load (&table);
  g_test_add_func ("/mahjong/cli/mcr-fan", test_fan_lines);
  g_test_add_func ("/mahjong/cli/mcr-shanten", test_shanten_command);
  return g_test_run ();
}
