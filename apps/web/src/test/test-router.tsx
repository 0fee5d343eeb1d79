import { act } from "@testing-library/react";
import {
  type Location,
  type NavigateFunction,
  type To,
  useLocation,
  useNavigate,
} from "react-router";

/** What a test sees of the router: where the app is, and a way to move it (as the browser's buttons do). */
export interface TestRouter {
  readonly location: Location;
  /** A path, or a step through the history (-1 is Back). */
  navigate(to: To | number): Promise<void>;
}

/**
 * A TestRouter and the probe that feeds it: render `<RouterProbe />` anywhere inside the MemoryRouter.
 */
export function createTestRouter() {
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;
  const router: TestRouter = {
    get location() {
      if (!location) throw new Error("Render <RouterProbe /> inside the router first.");
      return location;
    },
    async navigate(to) {
      const go = navigateTo;
      if (!go) throw new Error("Render <RouterProbe /> inside the router first.");
      await act(async () => {
        if (typeof to === "number") await go(to);
        else await go(to);
      });
    },
  };
  function RouterProbe() {
    location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  return { router, RouterProbe };
}
