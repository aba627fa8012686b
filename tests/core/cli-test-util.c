/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>

#include "cli-test-util.h"

static const char *cli_path;

void
cli_test_init (int   argc,
               char *argv[])
{
  cli_path = argc > 1 ? argv[1] : g_getenv ("PARLOR_CLI");
  g_assert_nonnull (cli_path);
}

char *
cli_test_run (const char * const *argv,
              int                *status)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_assert_nonnull (cli_path);
  g_ptr_array_add (args, (char *) cli_path);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (char *) argv[i]);
  g_ptr_array_add (args, NULL);
  process = g_subprocess_newv ((const char * const *) args->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  return out;
}
