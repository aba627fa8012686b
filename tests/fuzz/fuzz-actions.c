/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-actions"

#include "config.h"

#include <string.h>

#include "parlor-games.h"
#include "toy-game.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* Each game's action parser through ParlorGame apply. Input: byte 0 picks the
 * game, byte 1 how many random legal moves to play first, byte 2 the seat;
 * the rest are action lines. A refused line leaves every view unchanged. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const ParlorGameInfo * const *games = parlor_games_list ();
  g_autoptr(GPtrArray) infos = g_ptr_array_new ();
  g_autoptr(ParlorGame) game = NULL;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  const ParlorGameInfo *info;
  ParlorRng rng;
  guint n_seats;

  if (size < 3)
    return 0;

  g_ptr_array_add (infos, (gpointer) &toy_game_info);
  for (guint i = 0; games[i] != NULL; i++)
    g_ptr_array_add (infos, (gpointer) games[i]);
  info = g_ptr_array_index (infos, data[0] % infos->len);

  game = info->new_game ("", 12345, NULL);
  if (game == NULL)
    return 0;
  parlor_game_start (game, events);
  n_seats = parlor_game_get_n_seats (game);
  parlor_rng_init (&rng, data[1], 7);
  for (guint i = 0; i < data[1] && !parlor_game_is_over (game); i++)
    {
      guint32 waiting = parlor_game_get_waiting (game);

      for (guint s = 0; s < n_seats; s++)
        if (waiting & (1u << s))
          {
            g_autofree char *move = parlor_game_random_action (game, s, &rng);

            if (move != NULL)
              g_assert_true (parlor_game_apply (game, s, move, events, NULL));
            break;
          }
    }

  text = g_strndup ((const char *) data + 3, size - 3);
  lines = g_strsplit (text, "\n", 16);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint seat = data[2] % (n_seats + 1);   /* n_seats: a seat that does not exist */
      g_auto(GStrv) before = g_new0 (char *, n_seats + 2);
      guint before_len = events->len;
      g_autoptr(GError) error = NULL;

      for (guint s = 0; s < n_seats; s++)
        before[s] = parlor_game_view_for (game, s);
      if (parlor_game_apply (game, seat, lines[i], events, &error))
        continue;

      g_assert_nonnull (error);
      g_assert_cmpuint (events->len, ==, before_len);
      for (guint s = 0; s < n_seats; s++)
        {
          g_autofree char *after = parlor_game_view_for (game, s);

          g_assert_cmpstr (before[s], ==, after);
        }
    }

  return 0;
}
