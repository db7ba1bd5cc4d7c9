// What the Cine web apps use of react-router-dom, and all that the browser downloads of it.
// Every app shares this module under the 'react-router-dom' key (index.js: sharedSingletons), so
// the router context is one for the shell and its remotes while webpack drops the rest of
// react-router (data routers, SSR, RSC: ~75% of it). A name an app imports must be listed here:
// the build fails otherwise (index.js: SharedRouterNamesCheck).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
