package dz.esimstore.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
