/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* ParlorGameInfo.hint_notes */
char *mcr_hint_notes (const char *view,
                      const char *action);

/* ParlorGameInfo.describe_move */
char *mcr_hint_describe (const char *view,
                         const char *action);

G_END_DECLS
