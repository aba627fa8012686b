/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-cli"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "parlor-games.h"
#include "parlor-line.h"

/*
 * parlor-cli serve and bot as separate processes on 127.0.0.1, playing
 * Manhattan: a full game, a bot killed and coming back, the server killed.
 */

typedef struct
{
  GSubprocess *process;
  char        *out_path;
  char        *err_path;
  gboolean     exited;
  int          status;
} Proc;

static char *tmpdir;

static gboolean
proc_exited (gpointer data)
{
  return ((Proc *) data)->exited;
}

static gboolean
wake (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
wait_for (gboolean (*done) (gpointer), gpointer data, guint timeout_ms)
{
  gboolean fired = FALSE;
  guint id = g_timeout_add (timeout_ms, wake, &fired);

  while (!done (data) && !fired)
    g_main_context_iteration (NULL, TRUE);
  if (!fired)
    g_source_remove (id);

  return done (data);
}

static void
proc_waited (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Proc *proc = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  proc->status = g_subprocess_get_if_exited (G_SUBPROCESS (object))
                 ? g_subprocess_get_exit_status (G_SUBPROCESS (object)) : -1;
  proc->exited = TRUE;
}

/* A test that fails leaves no process behind. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static Proc *
proc_spawn (const char *tag,
            ...)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  Proc *proc = g_new0 (Proc, 1);
  const char *arg;
  va_list args;

  static guint counter;

  counter++;
  proc->out_path = g_strdup_printf ("%s/%s-%u.out", tmpdir, tag, counter);
  proc->err_path = g_strdup_printf ("%s/%s-%u.err", tmpdir, tag, counter);
  g_subprocess_launcher_set_stdout_file_path (launcher, proc->out_path);
  g_subprocess_launcher_set_stderr_file_path (launcher, proc->err_path);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);

  g_ptr_array_add (argv, (char *) PARLOR_CLI_PATH);
  va_start (args, tag);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  proc->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_wait_async (proc->process, NULL, proc_waited, proc);

  return proc;
}

static char *
proc_output (Proc *proc,
             gboolean err)
{
  char *text = NULL;

  if (!g_file_get_contents (err ? proc->err_path : proc->out_path, &text, NULL, NULL))
    return g_strdup ("");
  return text;
}

/* The last non-empty line of the process's standard output. */
static char *
proc_last_line (Proc *proc)
{
  g_autofree char *text = proc_output (proc, FALSE);
  g_auto(GStrv) lines = g_strsplit (g_strstrip (text), "\n", -1);
  guint n = g_strv_length (lines);

  return g_strdup (n > 0 ? lines[n - 1] : "");
}

static void
proc_free (Proc *proc)
{
  if (!proc->exited)
    {
      g_subprocess_force_exit (proc->process);
      wait_for (proc_exited, proc, 5000);
    }
  g_object_unref (proc->process);
  g_free (proc->out_path);
  g_free (proc->err_path);
  g_free (proc);
}

typedef struct
{
  Proc       *proc;
  const char *prefix;
  char       *line;
} LineWait;

static gboolean
line_seen (gpointer data)
{
  LineWait *wait = data;
  g_autofree char *text = proc_output (wait->proc, FALSE);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], wait->prefix) && g_str_has_suffix (text, "\n"))
      {
        wait->line = g_strdup (lines[i]);
        return TRUE;
      }

  return FALSE;
}

/* Polls the process's output for a line that starts with @prefix. */
static char *
proc_wait_line (Proc       *proc,
                const char *prefix,
                guint       timeout_ms)
{
  LineWait wait = { proc, prefix, NULL };
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!line_seen (&wait) && g_get_monotonic_time () < deadline && !proc->exited)
    {
      gboolean fired = FALSE;
      guint id = g_timeout_add (10, wake, &fired);

      while (!fired)
        g_main_context_iteration (NULL, TRUE);
      (void) id;
    }
  if (wait.line == NULL)
    line_seen (&wait);

  return wait.line;
}

static Proc *
serve_start (guint16    *port,
             const char *extra)
{
  Proc *serve;
  g_autofree char *line = NULL;
  guint64 value;

  serve = proc_spawn ("serve", "serve", "--game", "manhattan", "--port", "0",
                      "--address", "127.0.0.1", "--record", tmpdir, "--seed", "42",
                      extra != NULL ? "--ai-delay" : NULL, extra, NULL);
  line = proc_wait_line (serve, "listening on ", 10000);
  g_assert_nonnull (line);
  g_assert_true (g_ascii_string_to_unsigned (line + strlen ("listening on "), 10, 1, 65535,
                                             &value, NULL));
  *port = value;

  return serve;
}

static Proc *
bot_start (const char *tag,
           guint16     port,
           const char *delay,
           const char *token)
{
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);

  return proc_spawn (tag, "bot", "--connect", address, "--name", tag, "--level", "random",
                     "--seed", "5", "--delay", delay,
                     token != NULL ? "--token" : NULL, token, NULL);
}

/* Replays the server's record of table 1 with a fresh game. */
static char *
replay_result (char **recorded_result)
{
  g_autofree char *path = g_build_filename (tmpdir, "table-1.replay", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  guint n_actions = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(ParlorLine) line = NULL;
      const char *type;

      if (lines[i][0] == '\0')
        continue;
      line = parlor_line_parse (lines[i], NULL);
      g_assert_nonnull (line);
      type = parlor_line_get_type (line);
      if (g_str_equal (type, "game"))
        {
          const ParlorGameInfo *info = parlor_games_lookup (parlor_line_get (line, "id"));

          g_assert_nonnull (info);
          game = info->new_game (parlor_line_get (line, "config"),
                                 g_ascii_strtoull (parlor_line_get (line, "seed"), NULL, 10), NULL);
          g_assert_nonnull (game);
          parlor_game_start (game, events);
        }
      else if (g_str_equal (type, "action"))
        {
          g_autoptr(GError) error = NULL;
          gint64 seat;

          g_assert_true (parlor_line_get_int (line, "seat", 0, 31, &seat, NULL));
          g_assert_true (parlor_game_apply (game, seat, parlor_line_get (line, "line"), events, &error));
          g_assert_no_error (error);
          n_actions++;
        }
      else if (g_str_equal (type, "result"))
        *recorded_result = g_strdup (parlor_line_get (line, "line"));
    }

  g_assert_cmpuint (n_actions, >, 50);
  g_assert_true (parlor_game_is_over (game));
  return parlor_game_get_result (game);
}

static void
stop_serve (Proc *serve)
{
  g_subprocess_send_signal (serve->process, SIGTERM);
  g_assert_true (wait_for (proc_exited, serve, 10000));
  g_assert_cmpint (serve->status, ==, 0);
}

static void
test_four_bots (void)
{
  guint16 port;
  Proc *serve = serve_start (&port, NULL);
  Proc *bots[4];
  g_autofree char *replayed = NULL;
  g_autofree char *recorded = NULL;

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *tag = g_strdup_printf ("bot%u", i);

      bots[i] = bot_start (tag, port, "0", NULL);
    }
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (wait_for (proc_exited, bots[i], 30000));
      g_assert_cmpint (bots[i]->status, ==, 0);
    }

  replayed = replay_result (&recorded);
  g_assert_cmpstr (recorded, ==, replayed);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *last = proc_last_line (bots[i]);

      g_assert_cmpstr (last, ==, replayed);
      proc_free (bots[i]);
    }

  stop_serve (serve);
  proc_free (serve);
}

static void
test_bot_killed_and_back (void)
{
  guint16 port;
  /* Slow enough that the game is still on when the new process comes. */
  Proc *serve = serve_start (&port, "100");
  Proc *bots[4];
  Proc *back;
  g_autofree char *started = NULL;
  g_autofree char *again = NULL;
  g_autofree char *log = NULL;
  g_autoptr(ParlorLine) first = NULL;
  g_autoptr(ParlorLine) second = NULL;

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *tag = g_strdup_printf ("slow%u", i);

      bots[i] = bot_start (tag, port, "50", NULL);
    }
  started = proc_wait_line (bots[3], "started ", 10000);
  g_assert_nonnull (started);
  first = parlor_line_parse (started, NULL);

  /* Mid-game: the process dies without a word. */
  {
    gboolean fired = FALSE;

    g_timeout_add (300, wake, &fired);
    while (!fired)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_false (bots[3]->exited);
  g_subprocess_send_signal (bots[3]->process, SIGKILL);
  g_assert_true (wait_for (proc_exited, bots[3], 5000));

  back = bot_start ("back", port, "50", parlor_line_get (first, "token"));
  again = proc_wait_line (back, "started ", 10000);
  g_assert_nonnull (again);
  second = parlor_line_parse (again, NULL);
  g_assert_cmpstr (parlor_line_get (second, "seat"), ==, parlor_line_get (first, "seat"));
  g_assert_cmpstr (parlor_line_get (second, "table"), ==, parlor_line_get (first, "table"));

  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (wait_for (proc_exited, bots[i], 60000));
      g_assert_cmpint (bots[i]->status, ==, 0);
    }
  g_assert_true (wait_for (proc_exited, back, 60000));
  g_assert_cmpint (back->status, ==, 0);
  {
    g_autofree char *a = proc_last_line (bots[0]);
    g_autofree char *b = proc_last_line (back);

    g_assert_cmpstr (a, ==, b);
  }

  /* The server's log says both. */
  stop_serve (serve);
  log = proc_output (serve, TRUE);
  g_assert_nonnull (strstr (log, "slow3 left; a computer player takes their seat"));
  g_assert_nonnull (strstr (log, "slow3 is back"));

  for (guint i = 0; i < 4; i++)
    proc_free (bots[i]);
  proc_free (back);
  proc_free (serve);
}

static void
test_server_killed (void)
{
  guint16 port;
  Proc *serve = serve_start (&port, "20");
  Proc *bots[4];

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *tag = g_strdup_printf ("orphan%u", i);

      bots[i] = bot_start (tag, port, "20", NULL);
    }
  {
    g_autofree char *started = proc_wait_line (bots[0], "started ", 10000);

    g_assert_nonnull (started);
  }
  g_subprocess_send_signal (serve->process, SIGKILL);
  g_assert_true (wait_for (proc_exited, serve, 5000));

  /* Every bot notices, says so and ends: no hang. */
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *err = NULL;

      g_assert_true (wait_for (proc_exited, bots[i], 10000));
      g_assert_cmpint (bots[i]->status, !=, 0);
      err = proc_output (bots[i], TRUE);
      /* Killed, the host said no `bye`: the connection was lost. */
      g_assert_nonnull (strstr (err, "The connection to the host was lost"));
      proc_free (bots[i]);
    }
  proc_free (serve);
}

static void
test_refusals (void)
{
  g_autofree char *err = NULL;
  Proc *bot;

  /* Nobody listens: the bot says so in words and fails. */
  {
    g_autoptr(GSocketListener) listener = g_socket_listener_new ();
    guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, NULL);

    g_socket_listener_close (listener);
    bot = bot_start ("lonely", port, "0", NULL);
  }
  g_assert_true (wait_for (proc_exited, bot, 10000));
  g_assert_cmpint (bot->status, ==, 1);
  err = proc_output (bot, TRUE);
  g_assert_nonnull (strstr (err, "refused the connection"));
  proc_free (bot);

  /* Bad options are a usage error. */
  bot = proc_spawn ("usage", "serve", "--game", "no-such-game", NULL);
  g_assert_true (wait_for (proc_exited, bot, 10000));
  g_assert_cmpint (bot->status, ==, 2);
  proc_free (bot);
}

/* A table with fewer players than seats starts when its owner says so:
 * one bot with --start-when 1 plays a whole game against computers. */
static void
test_start_when (void)
{
  guint16 port;
  Proc *serve = serve_start (&port, NULL);
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  g_autofree char *started = NULL;
  g_autofree char *last = NULL;
  Proc *bot;

  bot = proc_spawn ("alone", "bot", "--connect", address, "--name", "Alone", "--level", "random",
                    "--seed", "3", "--start-when", "1", NULL);
  started = proc_wait_line (bot, "started ", 30000);
  g_assert_nonnull (started);
  g_assert_true (wait_for (proc_exited, bot, 120000));
  g_assert_cmpint (bot->status, ==, 0);
  last = proc_last_line (bot);
  g_assert_true (g_str_has_prefix (last, "result"));

  proc_free (bot);
  stop_serve (serve);
  proc_free (serve);
}

/* claimtiming plays its own loopback tables and prints the AUC with its
 * interval; a short least window time keeps it quick. */
static void
test_claimtiming (void)
{
  g_autofree char *last = NULL;
  double auc, low, high;
  Proc *proc;

  proc = proc_spawn ("claimtiming", "claimtiming", "--game", "jihai", "--windows", "40",
                     "--claim-minimum", "5", NULL);
  g_assert_true (wait_for (proc_exited, proc, 120000));
  g_assert_cmpint (proc->status, ==, 0);
  last = proc_last_line (proc);
  g_assert_cmpint (sscanf (last, "auc=%lf ci95=%lf..%lf", &auc, &low, &high), ==, 3);
  g_assert_cmpfloat (low, <=, auc);
  g_assert_cmpfloat (auc, <=, high);
  g_assert_cmpfloat (auc, >=, 0);
  g_assert_cmpfloat (auc, <=, 1);
  proc_free (proc);

  proc = proc_spawn ("claimtiming", "claimtiming", "--game", "triad", NULL);
  g_assert_true (wait_for (proc_exited, proc, 10000));
  g_assert_cmpint (proc->status, ==, 2);
  proc_free (proc);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  tmpdir = g_dir_make_tmp ("parlor-net-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  if (parlor_games_lookup ("manhattan") == NULL)
    {
      g_test_skip ("Manhattan is not built");
      return g_test_run ();
    }

  g_test_add_func ("/net/cli/serve-and-four-bots-equal-replay", test_four_bots);
  g_test_add_func ("/net/cli/bot-killed-then-back-with-token", test_bot_killed_and_back);
  g_test_add_func ("/net/cli/server-killed", test_server_killed);
  g_test_add_func ("/net/cli/refusals", test_refusals);
  g_test_add_func ("/net/cli/start-when", test_start_when);
  g_test_add_func ("/net/cli/claimtiming", test_claimtiming);

  status = g_test_run ();
  {
    g_autoptr(GFile) dir = g_file_new_for_path (tmpdir);
    g_autoptr(GFileEnumerator) children =
      g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME, 0, NULL, NULL);
    GFileInfo *info;

    while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
      {
        g_autoptr(GFile) child = g_file_get_child (dir, g_file_info_get_name (info));

        g_file_delete (child, NULL, NULL);
        g_object_unref (info);
      }
    g_file_delete (dir, NULL, NULL);
  }
  g_free (tmpdir);

  return status;
}
