/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  PARLOR_SOUND_TURN_END,
  PARLOR_SOUND_ROUND_END,
} ParlorSoundEvent;

#define PARLOR_TYPE_SOUND (parlor_sound_get_type ())

G_DECLARE_FINAL_TYPE (ParlorSound, parlor_sound, PARLOR, SOUND, GObject)

ParlorSound *parlor_sound_new            (void);

guint        parlor_sound_get_volume     (ParlorSound      *self);
void         parlor_sound_set_volume     (ParlorSound      *self,
                                          guint             volume);

void         parlor_sound_play           (ParlorSound      *self,
                                          ParlorSoundEvent  event);

char        *parlor_sound_dup_file       (ParlorSoundEvent  event);
double       parlor_sound_volume_to_db   (guint             volume);

G_END_DECLS
