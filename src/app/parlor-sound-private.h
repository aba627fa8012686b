/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-sound.h"

G_BEGIN_DECLS

/* For tests: how many sounds were handed to the sound thread, and a wait
 * until it has passed all of them to libcanberra. */
guint    parlor_sound_get_n_requests (ParlorSound *self);
guint    parlor_sound_get_n_dropped  (ParlorSound *self);
guint    parlor_sound_get_max_pending (void);
gboolean parlor_sound_wait_idle      (ParlorSound *self,
                                      gint64       timeout_usec);
guint    parlor_sound_get_n_live_backends (void);

G_END_DECLS
