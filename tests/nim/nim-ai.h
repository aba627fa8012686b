/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* "random" takes any legal number; "perfect" leaves a multiple of four. */
char *nim_ai_choose (const char    *level,
                     const char    *view,
                     guint64        seed,
                     GCancellable  *cancellable,
                     GError       **error);

G_END_DECLS
