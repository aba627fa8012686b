/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "jihai-setup"

#include "config.h"

#include "jihai-game.h"
#include "jihai-setup.h"

struct _JihaiSetup
{
  ParlorSetup parent_instance;
};

G_DEFINE_FINAL_TYPE (JihaiSetup, jihai_setup, PARLOR_TYPE_SETUP)

static void
jihai_setup_class_init (JihaiSetupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  PARLOR_SETUP_CLASS (klass)->game_info = &jihai_game_info;
  PARLOR_SETUP_CLASS (klass)->claim_time = TRUE;
  parlor_setup_class_set_template (widget_class, "/io/github/parlorgames/Parlor/jihai/jihai-setup.ui");
  gtk_widget_class_set_css_name (widget_class, "jihai-setup");
}

static void
jihai_setup_init (JihaiSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

const char *
jihai_setup_get_level (JihaiSetup *self)
{
  g_return_val_if_fail (JIHAI_IS_SETUP (self), NULL);
  return parlor_setup_get_level (PARLOR_SETUP (self));
}
