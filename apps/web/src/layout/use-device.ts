import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app-store';

/** Checklist LY-5: the template's breakpoint; a body 992 px wide still counts as mobile. */
export const MOBILE_BREAKPOINT = 992;

export function isMobileWidth(width: number): boolean {
  return width - 1 < MOBILE_BREAKPOINT;
}

export const isMobile = (): boolean => isMobileWidth(document.body.getBoundingClientRect().width);

/**
 * Checklist LY-5: sets the device on mount and on resize (not while the tab is hidden), closes
 * the sidebar without animation on mobile, and closes it with animation on each route change.
 * Quirk kept: going back to desktop does not reopen it.
 */
export function useDevice(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const { setDevice, closeSidebar } = useAppStore.getState();
    const apply = () => {
      const mobile = isMobile();
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    apply();
    const onResize = () => {
      if (!document.hidden) apply();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    const { device, sidebarOpened, closeSidebar } = useAppStore.getState();
    if (device === 'mobile' && sidebarOpened) closeSidebar(false);
  }, [pathname]);
}
