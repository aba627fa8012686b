/* SPDX-License-Identifier: GPL-3.0-or-later */
/* parlor-cli arena (path in argv[1]): the same figures for a seed whatever
 * the number of jobs, luck cancelled in duplicate, the stronger level ahead,
 * bad command lines refused. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

static const char *cli_path;

static char *
run_cli (const char * const *argv,
         int                *status)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (args, (char *) cli_path);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (char *) argv[i]);
  g_ptr_array_add (args, NULL);
  process = g_subprocess_newv ((const char * const *) args->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (process);
  return out;
}

/* The arena's JSON object, checked to be one. */
static JsonNode *
arena (const char * const *argv)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  int status;

  out = run_cli (argv, &status);
  g_assert_cmpint (status, ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_copy (json_parser_get_root (parser));
}

static JsonArray *
seats_of (JsonNode *root)
{
  return json_object_get_array_member (json_node_get_object (root), "seats");
}

/* The object as text without the decision times, which vary run to run. */
static char *
without_times (JsonNode *root)
{
  JsonArray *seats = seats_of (root);

  for (guint i = 0; i < json_array_get_length (seats); i++)
    {
      JsonObject *seat = json_array_get_object_element (seats, i);

      g_assert_true (json_object_has_member (seat, "mean_ms"));
      g_assert_true (json_object_has_member (seat, "max_ms"));
      json_object_remove_member (seat, "mean_ms");
      json_object_remove_member (seat, "max_ms");
    }
  return json_to_string (root, FALSE);
}

static void
test_jobs (void)
{
  const char *one[] = { "arena", "suzume", "--seats", "strong,normal,random", "--hands", "6",
                        "--seed", "11", "--duplicate", "--jobs", "1", "--json", NULL };
  const char *two[] = { "arena", "suzume", "--seats", "strong,normal,random", "--hands", "6",
                        "--seed", "11", "--duplicate", "--jobs", "2", "--json", NULL };
  const char *other[] = { "arena", "suzume", "--seats", "strong,normal,random", "--hands", "6",
                          "--seed", "12", "--duplicate", "--jobs", "2", "--json", NULL };
  g_autoptr(JsonNode) a = arena (one);
  g_autoptr(JsonNode) b = arena (two);
  g_autoptr(JsonNode) c = arena (two);
  g_autoptr(JsonNode) d = arena (other);
  g_autofree char *ta = without_times (a);
  g_autofree char *tb = without_times (b);
  g_autofree char *tc = without_times (c);
  g_autofree char *td = without_times (d);

  g_assert_cmpint (json_object_get_int_member (json_node_get_object (a), "games"), ==, 18);
  g_assert_cmpstr (ta, ==, tb);
  g_assert_cmpstr (tb, ==, tc);
  g_assert_cmpstr (ta, !=, td);
}

/* Each level meets every seat of the same deals: equal levels, equal means. */
static void
test_duplicate_cancels_luck (void)
{
  const char *mcr[] = { "arena", "mcr", "--seats", "2,2,2,2", "--hands", "8", "--seed", "3",
                        "--duplicate", "--jobs", "2", "--json", NULL };
  const char *suzume[] = { "arena", "suzume", "--seats", "normal,normal,normal", "--hands", "4",
                           "--seed", "3", "--duplicate", "--jobs", "2", "--json", NULL };
  const char *plain[] = { "arena", "suzume", "--seats", "normal,normal,normal", "--hands", "12",
                          "--seed", "3", "--jobs", "2", "--json", NULL };
  const char *const *runs[] = { mcr, suzume };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *seats;
  gboolean differ = FALSE;

  for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
    {
      g_autoptr(JsonNode) node = arena (runs[r]);
      JsonArray *s = seats_of (node);
      JsonObject *first = json_array_get_object_element (s, 0);

      for (guint i = 1; i < json_array_get_length (s); i++)
        {
          JsonObject *seat = json_array_get_object_element (s, i);

          g_assert_cmpfloat (json_object_get_double_member (seat, "mean_points"), ==,
                             json_object_get_double_member (first, "mean_points"));
          g_assert_cmpfloat (json_object_get_double_member (seat, "wins"), ==,
                             json_object_get_double_member (first, "wins"));
        }
    }

  /* Without --duplicate the deals differ, and so do the means. */
  root = arena (plain);
  seats = seats_of (root);
  for (guint i = 1; i < json_array_get_length (seats); i++)
    differ |= json_object_get_double_member (json_array_get_object_element (seats, i), "mean_points") !=
              json_object_get_double_member (json_array_get_object_element (seats, 0), "mean_points");
  g_assert_true (differ);
}

static void
test_stronger_ahead (void)
{
  const char *jihai[] = { "arena", "jihai", "--seats", "random,strong", "--hands", "12",
                          "--seed", "5", "--duplicate", "--jobs", "2", "--json", NULL };
  const char *mcr[] = { "arena", "mcr", "--seats", "1,1,4,1", "--hands", "24", "--seed", "5",
                        "--duplicate", "--jobs", "2", "--json", NULL };
  g_autoptr(JsonNode) j = arena (jihai);
  g_autoptr(JsonNode) m = arena (mcr);
  JsonObject *weak = json_array_get_object_element (seats_of (j), 0);
  JsonObject *strong = json_array_get_object_element (seats_of (j), 1);
  JsonArray *seats = seats_of (m);
  double four = json_object_get_double_member (json_array_get_object_element (seats, 2), "mean_points");

  g_assert_cmpstr (json_object_get_string_member (strong, "level"), ==, "strong");
  g_assert_cmpfloat (json_object_get_double_member (strong, "points_low"), >,
                     json_object_get_double_member (weak, "points_high"));
  g_assert_cmpfloat (json_object_get_double_member (strong, "win_low"), >, 0.5);
  g_assert_cmpfloat (json_object_get_double_member (strong, "mean_ms"), >=, 0.0);
  g_assert_cmpint (json_object_get_int_member (weak, "deal_ins"), >,
                   json_object_get_int_member (strong, "deal_ins"));

  g_assert_cmpint (json_object_get_int_member (json_node_get_object (m), "games"), ==, 96);
  for (guint i = 0; i < 4; i++)
    if (i != 2)
      g_assert_cmpfloat (four, >, json_object_get_double_member (json_array_get_object_element (seats, i),
                                                                 "mean_points"));
}

static void
test_refused (void)
{
  const char *const bad[][12] = {
    { "arena", "mcr", "--seats", "5,1,1,1", "--hands", "2", NULL },
    { "arena", "mcr", "--seats", "1,1,1", "--hands", "2", NULL },
    { "arena", "jihai", "--seats", "strong,normal,normal", "--hands", "2", NULL },
    { "arena", "mcr", "--seats", "1,1,1,1", "--hands", "0", NULL },
    { "arena", "mcr", "--seats", "1,1,1,1", "--hands", "-3", NULL },
    { "arena", "mcr", "--seats", "1,1,1,1", "--hands", "2", "--jobs", "0", NULL },
    { "arena", "mcr", "--seats", "1,1,1,1", "--hands", "2", "--jobs", "65", NULL },
    { "arena", "chess", "--seats", "1,1", "--hands", "2", NULL },
    { "arena", "--seats", "1,1,1,1", "--hands", "2", NULL },
    { "arena", "manhattan", "--hands", "2", NULL },
    { "arena", "manhattan", "--seats", "strong,,random,random", "--hands", "2", NULL },
    { "arena", "mcr", "--seats", "1,1,1,1", "--hands", "x", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL;
      int status;

      out = run_cli (bad[i], &status);
      g_assert_cmpint (status, ==, 2);
      g_assert_cmpstr (out, ==, "");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  cli_path = argc > 1 ? argv[1] : g_getenv ("PARLOR_CLI");
  g_assert_nonnull (cli_path);

  g_test_add_func ("/arena-cli/jobs", test_jobs);
  g_test_add_func ("/arena-cli/duplicate-cancels-luck", test_duplicate_cancels_luck);
  g_test_add_func ("/arena-cli/stronger-ahead", test_stronger_ahead);
  g_test_add_func ("/arena-cli/refused", test_refused);
  return g_test_run ();
}
