// SPDX-License-Identifier: GPL-3.0-or-later
const char* rp_lab_helper_version(void)
{
    return "rp-lab-helper-1";
}
