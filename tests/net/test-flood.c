/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-flood"

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "net-test-util.h"

/*
 * `parlor-cli serve` out of descriptors: RLIMIT_NOFILE 256, a hundred
 * descriptors already taken (as in an app that hosts), and 400 clients that
 * say hello and then nothing. The server must not spin (CPU time stays
 * low), must not flood its log, must keep the two players seated at a
 * table, and must let a new player in once the idle ones are closed.
 */

#define N_FLOOD 400
#define N_TAKEN 100
#define FD_LIMIT 256

static void
child_setup (gpointer data)
{
  struct rlimit limit = { FD_LIMIT, FD_LIMIT };

  prctl (PR_SET_PDEATHSIG, SIGKILL);
  setrlimit (RLIMIT_NOFILE, &limit);
}

static double
cpu_seconds (const char *pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/stat", pid);
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  /* Fields after the command name in parentheses: state is field 3. */
  after = strrchr (text, ')');
  g_assert_nonnull (after);
  fields = g_strsplit (after + 2, " ", -1);
  g_assert_cmpuint (g_strv_length (fields), >, 13);

  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL)) /
         sysconf (_SC_CLK_TCK);
}

static guint
count_in (const char *path,
          const char *needle)
{
  g_autofree char *text = NULL;
  guint n = 0;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;

  return n;
}

static gboolean
has_line (RawConn    *raw,
          const char *prefix)
{
  for (guint i = 0; i < raw->lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (raw->lines, i), prefix))
      return TRUE;
  return FALSE;
}

typedef struct
{
  RawConn **raws;
  guint     n;
} Flood;

static gboolean
flood_settled (gpointer data)
{
  Flood *flood = data;

  for (guint i = 0; i < flood->n; i++)
    if (flood->raws[i]->lines->len == 0 && !flood->raws[i]->closed)
      return FALSE;
  return TRUE;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

static void
test_out_of_descriptors (void)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) serve = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *dir = g_dir_make_tmp ("parlor-flood-XXXXXX", &error);
  g_autofree char *err_path = g_build_filename (dir, "serve.err", NULL);
  g_autofree char *first = NULL;
  g_autoptr(RawConn) ann = NULL;
  g_autoptr(RawConn) bob = NULL;
  g_autoptr(RawConn) newbie = NULL;
  RawConn *raws[N_FLOOD];
  Flood flood = { raws, N_FLOOD };
  const char *pid;
  guint64 port;
  double cpu_before, cpu_after, window;
  gint64 started;
  guint n_welcomed = 0, n_refused = 0, n_warnings;

  g_assert_no_error (error);
  g_subprocess_launcher_set_stderr_file_path (launcher, err_path);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  /* The server warns (once) that it ran out of descriptors: not fatal here. */
  g_subprocess_launcher_unsetenv (launcher, "G_DEBUG");
  for (int i = 0; i < N_TAKEN; i++)
    {
      int fd = open ("/dev/null", O_RDONLY);

      g_assert_cmpint (fd, >=, 0);
      g_subprocess_launcher_take_fd (launcher, fd, 20 + i);
    }
  serve = g_subprocess_launcher_spawn (launcher, &error, PARLOR_CLI_PATH, "serve", "--game", "triad",
                                       "--address", "127.0.0.1", "--port", "0",
                                       "--max-connections", "0", "--max-per-address", "0",
                                       "--lobby-timeout", "3000", NULL);
  g_assert_no_error (error);
  pid = g_subprocess_get_identifier (serve);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (serve));
  first = g_data_input_stream_read_line (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (first, "listening on "));
  port = g_ascii_strtoull (first + strlen ("listening on "), NULL, 10);
  g_assert_cmpuint (port, >, 0);

  /* Two players at a table before the flood. */
  ann = raw_conn_new (port);
  raw_conn_hello (ann, "Ann");
  raw_conn_send (ann, "create\n", -1);
  g_assert_cmpint (raw_conn_wait_line (ann, 0, "joined", 10000), >=, 0);
  bob = raw_conn_new (port);
  raw_conn_hello (bob, "Bob");
  raw_conn_send (bob, "join table=1\n", -1);
  g_assert_cmpint (raw_conn_wait_line (bob, 0, "start ", 10000), >=, 0);
  g_assert_cmpint (raw_conn_wait_line (ann, 0, "start ", 10000), >=, 0);

  for (guint i = 0; i < N_FLOOD; i++)
    {
      g_autofree char *hello = g_strdup_printf ("hello version=2 name=idle%u\n", i);

      raws[i] = raw_conn_new (port);
      raw_conn_send (raws[i], hello, -1);
    }
  /* Everyone the server could take got an answer. */
  net_test_wait (flood_settled, &flood, 2000);

  /* Three seconds of the flood: the server idles. */
  cpu_before = cpu_seconds (pid);
  started = g_get_monotonic_time ();
  net_test_wait (never, NULL, 3000);
  cpu_after = cpu_seconds (pid);
  window = (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC;
  for (guint i = 0; i < N_FLOOD; i++)
    {
      n_welcomed += has_line (raws[i], "welcome");
      n_refused += has_line (raws[i], "error code=busy");
    }
  g_test_message ("flood: %u welcomed, %u refused or evicted; server CPU %.2f s in %.2f s",
                  n_welcomed, n_refused, cpu_after - cpu_before, window);
  g_assert_cmpfloat (cpu_after - cpu_before, <, window / 3);
  g_assert_cmpuint (n_refused, >, 0);

  /* A new player gets in while the flooders stay connected (in the place
   * of one idling at no table). */
  newbie = raw_conn_new (port);
  raw_conn_send (newbie, "hello version=2 name=Cleo\njoin\n", -1);
  g_assert_cmpint (raw_conn_wait_line (newbie, 0, "joined", 60000), >=, 0);

  /* The seated players were never the ones dropped. */
  g_assert_false (ann->closed);
  g_assert_false (bob->closed);
  g_assert_false (has_line (ann, "error"));
  g_assert_false (has_line (bob, "error"));
  raw_conn_send (ann, "ping id=1\n", -1);
  g_assert_cmpint (raw_conn_wait_line (ann, 0, "pong id=1", 10000), >=, 0);

  /* The log: a warning at most every ten seconds, not one per accept(). */
  n_warnings = count_in (err_path, "Cannot accept");
  g_test_message ("warnings in the log: %u", n_warnings);
  g_assert_cmpuint (n_warnings, <=, 1 + (g_get_monotonic_time () - started) / (10 * G_USEC_PER_SEC) + 1);
  g_assert_cmpuint (count_in (err_path, "\n"), <, 200);

  for (guint i = 0; i < N_FLOOD; i++)
    raw_conn_free (raws[i]);
  g_subprocess_send_signal (serve, SIGTERM);
  g_subprocess_wait (serve, NULL, &error);
  g_assert_no_error (error);
  g_unlink (err_path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/flood/out-of-descriptors", test_out_of_descriptors);

  return g_test_run ();
}
