/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "nim-rules.h"

G_BEGIN_DECLS

/* A seat's view: `view seat=S pile=N turn=T winner=W actions=take%201,…`,
 * with the seat's legal actions, so a screen works out nothing. */
typedef struct
{
  int   seat;
  guint pile;
  guint turn;
  int   winner;
  guint n_actions;
  char  actions[NIM_MAX_TAKE][8];
} NimView;

char     *nim_view_to_line (const NimState *state,
                            int             seat);
gboolean  nim_view_parse   (const char     *line,
                            NimView        *view,
                            GError        **error);

G_END_DECLS
