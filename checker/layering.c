// SPDX-License-Identifier: GPL-2.0-only
/*
 * The program each stage of the checker is linked into, whole, with only
 * the stages it may use (CMakeLists.txt): it does nothing, and links only
 * when the stage calls nothing above it.
 */
int main(void)
{
	return 0;
}
