/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "nim"

#include "config.h"

#include <string.h>

#include "nim-view.h"
#include "parlor-game.h"
#include "parlor-line.h"

char *
nim_view_to_line (const NimState *state,
                  int             seat)
{
  g_autoptr(ParlorLine) line = parlor_line_new ("view");
  g_autoptr(GString) actions = g_string_new (NULL);
  guint max = seat >= 0 ? nim_rules_max (state, (guint) seat) : 0;

  g_return_val_if_fail (state != NULL, NULL);

  for (guint k = 1; k <= max; k++)
    g_string_append_printf (actions, "%stake %u", k > 1 ? "," : "", k);
  parlor_line_set_int (line, "seat", seat);
  parlor_line_set_int (line, "pile", state->pile);
  parlor_line_set_int (line, "turn", state->turn);
  parlor_line_set_int (line, "winner", state->winner);
  parlor_line_set (line, "actions", actions->len > 0 ? actions->str : "-");
  return parlor_line_to_string (line, NULL);
}

gboolean
nim_view_parse (const char  *text,
                NimView     *view,
                GError     **error)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, error);
  g_auto(GStrv) actions = NULL;
  const char *list;
  gint64 seat, pile, turn, winner;

  g_return_val_if_fail (view != NULL, FALSE);

  if (line == NULL)
    return FALSE;
  if (!g_str_equal (parlor_line_get_type (line), "view") ||
      !parlor_line_get_int (line, "seat", -1, 1, &seat, error) ||
      !parlor_line_get_int (line, "pile", 0, 99, &pile, error) ||
      !parlor_line_get_int (line, "turn", 0, 1, &turn, error) ||
      !parlor_line_get_int (line, "winner", -1, 1, &winner, error) ||
      (list = parlor_line_require (line, "actions", error)) == NULL)
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX, "Not a Nim view");
      return FALSE;
    }
  memset (view, 0, sizeof *view);
  view->seat = (int) seat;
  view->pile = (guint) pile;
  view->turn = (guint) turn;
  view->winner = (int) winner;
  actions = g_str_equal (list, "-") ? g_new0 (char *, 1) : g_strsplit (list, ",", -1);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      if (i >= NIM_MAX_TAKE || strlen (actions[i]) >= sizeof view->actions[0])
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX, "Too many actions");
          return FALSE;
        }
      g_strlcpy (view->actions[view->n_actions++], actions[i], sizeof view->actions[0]);
    }
  /* The moves must be the seat's, on its turn: take 1, take 2, … up to
   * what the pile holds. */
  for (guint k = 0; k < view->n_actions; k++)
    {
      g_autofree char *want = g_strdup_printf ("take %u", k + 1);

      if (!g_str_equal (view->actions[k], want) || k + 1 > view->pile ||
          view->seat < 0 || (guint) view->seat != view->turn || view->winner >= 0)
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                       "The move “%s” does not fit this view", view->actions[k]);
          return FALSE;
        }
    }
  return TRUE;
}
