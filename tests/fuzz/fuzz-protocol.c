/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-protocol"

#include "config.h"

#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-server.h"
#include "toy-game.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static const ParlorGameInfo *
lookup (const char *id)
{
  const ParlorGameInfo *info = toy_game_lookup (id);

  return info != NULL ? info : parlor_games_lookup (id);
}

/* One client's whole input to a server, through a memory stream: the server
 * answers, never crashes, lets the connection go at its end, and writes
 * only lines that read back (none over the limit, none with a raw control
 * character). */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(ParlorServer) server = parlor_server_new (lookup);
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (g_memdup2 (data, size), size, g_free);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GIOStream) stream = g_simple_io_stream_new (in, out);
  guint spins = 0;
  g_autofree char *written = NULL;
  g_auto(GStrv) lines = NULL;

  parlor_server_set_default_game (server, "toy");
  parlor_server_set_allow_create (server, TRUE);
  parlor_server_accept_stream (server, stream);

  while (parlor_server_get_n_connections (server) > 0 && spins++ < 100000)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (parlor_server_get_n_connections (server), ==, 0);

  written = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                       g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
  lines = g_strsplit (written != NULL ? written : "", "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorLine) line = NULL;

      if (*lines[i] == '\0')
        continue;
      line = parlor_line_parse (lines[i], &error);
      g_assert_no_error (error);
    }

  parlor_server_stop (server);
  /* Computer players still thinking hand back their moves, then stop. */
  while (g_main_context_iteration (NULL, FALSE) && spins++ < 200000)
    ;

  return 0;
}
