/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-settings.h"
#include "parlor-sound.h"

G_BEGIN_DECLS

#define PARLOR_TYPE_APPLICATION (parlor_application_get_type ())
G_DECLARE_FINAL_TYPE (ParlorApplication, parlor_application, PARLOR, APPLICATION, AdwApplication)

ParlorApplication *parlor_application_new          (void);
ParlorSettings    *parlor_application_get_settings (ParlorApplication *self);
ParlorSound       *parlor_application_get_sound    (ParlorApplication *self);
/* What F1 opens: the installed help, or $PARLOR_HELP_DIR's pages. */
char              *parlor_application_dup_help_uri (void);
/* Whether a GL_RENDERER string names a GL that the CPU draws (Mesa's llvmpipe …). */
gboolean           parlor_application_is_software_gl (const char *gl_renderer);

G_END_DECLS
