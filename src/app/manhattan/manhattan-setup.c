/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-setup"

#include "config.h"

#include "manhattan-game.h"
#include "manhattan-setup.h"

struct _ManhattanSetup
{
  ParlorSetup parent_instance;
};

G_DEFINE_FINAL_TYPE (ManhattanSetup, manhattan_setup, PARLOR_TYPE_SETUP)

static void
manhattan_setup_class_init (ManhattanSetupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  PARLOR_SETUP_CLASS (klass)->game_info = &manhattan_game_info;
  parlor_setup_class_set_template (widget_class,
                                   "/io/github/parlorgames/Parlor/manhattan/manhattan-setup.ui");
  gtk_widget_class_set_css_name (widget_class, "manhattan-setup");
}

static void
manhattan_setup_init (ManhattanSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

const char *
manhattan_setup_get_level (ManhattanSetup *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SETUP (self), NULL);
  return parlor_setup_get_level (PARLOR_SETUP (self));
}

guint
manhattan_setup_get_time_limit (ManhattanSetup *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SETUP (self), 0);
  return parlor_setup_get_time_limit (PARLOR_SETUP (self));
}
