; The Windows installer (Inno Setup 6): the folder build (dist\ohhell) installed for the
; current user (or, if they choose, for everyone), a Start-menu entry, an optional
; desktop icon and an uninstaller (Settings > Apps). Built by build/installer.py, which
; passes the defines below:
;   ISCC /DAppVersion=0.1.0 /DNumericVersion=0.1.0.0 /DSourceDir=...\dist\ohhell
;        /DOutputDir=...\dist\release /DOutputName=ohhell-0.1.0-windows-x86_64-setup
;        /DIconFile=...\build\work\icon.ico build\windows\ohhell.iss
#ifndef AppVersion
  #error Pass /DAppVersion=VERSION (build/installer.py does)
#endif

[Setup]
; The id Windows keeps the installation under: never change it (uuid5 of the app id).
AppId={{C3F25BB6-2D39-5A07-99C4-9B7B11A5FD09}
AppName=Oh Hell
AppVersion={#AppVersion}
AppVerName=Oh Hell {#AppVersion}
AppPublisher=The Oh Hell team
VersionInfoVersion={#NumericVersion}
VersionInfoProductName=Oh Hell
VersionInfoDescription=Oh Hell installer
DefaultDirName={autopf}\Oh Hell
DefaultGroupName=Oh Hell
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#SourceDir}\LICENSE.txt
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\ohhell.exe
UninstallDisplayName=Oh Hell
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "spanish"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "portuguese"; MessagesFile: "compiler:Languages\Portuguese.isl"
Name: "dutch"; MessagesFile: "compiler:Languages\Dutch.isl"
Name: "czech"; MessagesFile: "compiler:Languages\Czech.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Oh Hell"; Filename: "{app}\ohhell.exe"; Comment: "The Oh Hell family of trick-taking card games"
Name: "{autodesktop}\Oh Hell"; Filename: "{app}\ohhell.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\ohhell.exe"; Description: "{cm:LaunchProgram,Oh Hell}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Byte-code caches written next to the modules, if any (the player's settings and saves
; live in %LOCALAPPDATA%\ohhell and stay).
Type: filesandordirs; Name: "{app}\_internal\__pycache__"
